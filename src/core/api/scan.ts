import { scanRoutes, type ScanTransactionInput, type ScanTransactionResponse } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** `POST /api/v1/scan/transaction` (funding spec, "States and transitions"): the server simulates the transaction and rates it. */
export function scanTransaction(transport: Transport, input: ScanTransactionInput): Promise<ScanTransactionResponse> {
  return transport.request(scanRoutes.transaction, { body: input, auth: true })
}
