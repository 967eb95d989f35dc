import type { EthereumTransactionRequest, SolanaTransactionLike, TesseraClient, TransactionUiOptions } from '../../src/core/index.js'
import { encodeBase58 } from '../../src/protocol/index.js'
import type { ConfirmTxChainType, TxConfirmedDetail } from './types.js'

export interface ConfirmTxRequest {
  transaction: unknown
  chainType: ConfirmTxChainType
  address: string | undefined
  signOnly: boolean
  uiOptions: TransactionUiOptions | undefined
  /** The confirmation's id in the queue, so the element finds it. */
  id: string
}

/** A signed @solana/web3.js transaction's first signature: `signatures[0]` (versioned) or `signature` (legacy). */
function firstSignature(signed: SolanaTransactionLike): string {
  const { signature, signatures } = signed as { signature?: Uint8Array | null; signatures?: (Uint8Array | { signature: Uint8Array | null })[] }
  const first = signature ?? signatures?.[0]
  const bytes = first instanceof Uint8Array ? first : first?.signature
  return bytes ? encodeBase58(bytes) : ''
}

/**
 * Starts the request `<confirm-tx>` shows: the core enqueues it inline under `id` (no `walletPrompt`) and resolves once
 * the user approved and the work finished.
 */
export async function startConfirmation(client: TesseraClient, request: ConfirmTxRequest): Promise<TxConfirmedDetail> {
  const { transaction, address, uiOptions, id } = request
  const confirmation = { inline: true as const, id }
  if (request.chainType === 'solana') {
    const provider = await client.embeddedWallets.getSolanaProvider(address)
    const solanaTransaction = transaction as SolanaTransactionLike
    if (request.signOnly) return { signature: firstSignature(await provider.signTransaction(solanaTransaction, { uiOptions, confirmation })) }
    return provider.signAndSendTransaction(solanaTransaction, { uiOptions, confirmation })
  }
  const input = { transaction: transaction as EthereumTransactionRequest, ...(address ? { address } : {}), ...(uiOptions ? { uiOptions } : {}) }
  return request.signOnly ? client.embeddedWallets.signTransaction(input, confirmation) : client.embeddedWallets.sendTransaction(input, confirmation)
}
