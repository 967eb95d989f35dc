import type { Address, Hex } from 'viem'
import type { ScanTransactionResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'

/** The transaction to scan, parsed from the `eth_sendTransaction` params; addresses lowercase. */
export interface ScanTransaction {
  from: Address
  to: Address | null
  value: bigint
  data: Hex
  gas: bigint | null
}

export interface ScanRequest {
  app: AppRecord
  chainId: number
  /** The requesting page's domain (`metadata.domain`). */
  domain: string
  transaction: ScanTransaction
}

/**
 * Scans a transaction before the user approves it. The default is `simulationScanner` (simulation on the chain's
 * RPC and docs/scanning.md's rules); another (e.g. a hosted scanning service) can replace it per app. A scanner
 * reports what it could not do in the response (status Error), never by throwing.
 */
export interface TransactionScanner {
  scan(request: ScanRequest): Promise<ScanTransactionResponse>
}
