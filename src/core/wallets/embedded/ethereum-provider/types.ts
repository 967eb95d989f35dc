import type { EthereumFrameRequest } from '../../../../protocol/index.js'
import type { Chain } from '../../../chains/chain.js'
import type { ConfirmationController, ConfirmationQueue } from '../../../transactions/confirmation-queue.js'
import type { EthereumTransactionInput } from '../../../transactions/ethereum-confirmation.js'
import type { SendLedger } from '../../../transactions/send-once.js'
import type { Confirmation, ConfirmationOptions, SignMessageUiOptions, TransactionUiOptions } from '../../../transactions/types.js'
import type { TokenStorage } from '../../../types.js'
import type { Eip1193RequestArguments } from '../../ethereum/eip1193.js'
import type { EmbeddedEthereumProvider } from '../types.js'

export interface EmbeddedEthereumProviderOptions {
  address: string
  chains: Chain[]
  defaultChain: Chain
  /** Where the provider's chain is remembered for the app (sign-in spec, "States and transitions": "Wallet connector"). */
  storage: TokenStorage
  storageKey: string
  /** Signs through the wallet frame; answers a hex signature or signed raw transaction. */
  sign(request: EthereumFrameRequest): Promise<string>
  fetch?: typeof fetch
  /** The embedded wallets' queue; absent: every request runs headless. */
  confirmations?: ConfirmationQueue
  /** Makes the wallet usable on this device (recovering it when the device share is missing). */
  connect?(): Promise<void>
  /** The server's transaction scan, when the app enables it (read per request). */
  scan?(): EthereumTransactionInput['scan']
  /** The USD price of one whole token (`GET /api/v1/token_price`), for the confirmation's rows. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
  receiptPollMs?: number
  /** The client's idempotency keys of sends (shared by its providers); absent: this provider keeps its own. */
  sends?: SendLedger
}

/** How the caller (the client's `signMessage`, `sendTransaction`, ...) shows its confirmation. */
export interface RequestPresentation {
  uiOptions?: SignMessageUiOptions | TransactionUiOptions
  options?: ConfirmationOptions
  /** `eth_sendTransaction` with a key is sent once: a retry with the key answers the first send's hash (docs/security.md #60). */
  idempotencyKey?: string
  /** `eth_sendTransaction` sent by the wallet API with the app paying the fee (server-managed wallets only; the client checks). */
  sponsor?: boolean
}

export interface EmbeddedEthereumProviderImpl extends EmbeddedEthereumProvider {
  /** `request` with the caller's confirmation presentation. */
  requestWith(args: Eip1193RequestArguments, presentation: RequestPresentation): Promise<unknown>
  /** Another module's confirmation for this wallet (a smart wallet's batch) through the same gate: recovery, then the queue. */
  confirm<C extends Confirmation, R>(controller: ConfirmationController<C, R>, presentation: RequestPresentation): Promise<R>
}
