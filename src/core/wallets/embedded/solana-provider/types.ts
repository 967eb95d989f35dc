import type { SolanaFrameRequest, SplTokenInfoResponse } from '../../../../protocol/index.js'
import type { SolanaCluster } from '../../../config/types.js'
import type { ConfirmationQueue } from '../../../transactions/confirmation-queue.js'
import type { SendLedger } from '../../../transactions/send-once.js'

export interface EmbeddedSolanaProviderOptions {
  address: string
  /** The first one is the default cluster. */
  clusters: SolanaCluster[]
  /** Signs through the wallet frame; answers the base64 signature (the base58 one of a sponsored send). */
  sign(request: SolanaFrameRequest): Promise<string>
  /** The wallet API holds the wallet (server-managed, privy-v2): only such a wallet's sends may be sponsored. */
  serverManaged?: boolean
  /** The client's confirmation queue; absent, every request runs headless. */
  confirmations?: ConfirmationQueue
  /** Makes the wallet usable on this device (recovering it when the device share is missing). */
  connect?(): Promise<void>
  /** `GET /api/v1/token_price` (the SOL price: chainId 0), for the confirmation's USD values. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
  /** `GET /api/v1/spl_token_info`, for the confirmation's token symbols. */
  splTokenInfo?(mintAddress: string, cluster: string): Promise<SplTokenInfoResponse>
  /** The client's idempotency keys of sends (shared by its providers); absent: this provider keeps its own. */
  sends?: SendLedger
  /** Test seams. */
  confirmPollMs?: number
  confirmTimeoutMs?: number
}
