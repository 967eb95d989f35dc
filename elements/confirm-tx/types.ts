import type { TransactionUiOptions } from '../../src/core/index.js'
import type { AuthModalConfig } from '../auth-modal/types.js'

/** `<confirm-tx>`'s chain: 'ethereum' (default) takes an `eth_sendTransaction` request, 'solana' a @solana/web3.js transaction. */
export type ConfirmTxChainType = 'ethereum' | 'solana'

/** The `config` property: the same overrides as `<auth-modal>`'s (appearance, ...) over the server config. */
export type ConfirmTxConfig = AuthModalConfig

/** `txconfirmed`: the sent transaction's hash (Ethereum), or the signature (a signed Ethereum transaction, a Solana one). */
export type TxConfirmedDetail = { hash: string } | { signature: string }

/** `txrejected` (the user declined: 4001) and `txfailed` (the request or the transaction failed). */
export interface TxErrorDetail {
  code: string
  message: string
}

export type { TransactionUiOptions }
