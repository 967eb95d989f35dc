import type {
  CloudRecoveryProvider,
  MfaSubmission,
  RevokeWalletsResponse,
  ScanTransactionInput,
  ScanTransactionResponse,
  SplTokenInfoResponse,
  UserDto,
} from '../../../protocol/index.js'
import type { EffectiveConfig } from '../../config/types.js'
import type { Listener, Unsubscribe } from '../../listener.js'
import type { ConfirmationQueueDeps } from '../../transactions/confirmation-queue.js'
import type { ClientEvents } from '../../client-events.js'
import type { TokenStorage } from '../../client-options.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import type { recoveryPromptToCreate } from './create-on-login.js'
import type { FrameClient, FrameClientOptions, FramePage } from './frame-client.js'
import type { SessionSignersDeps } from './session-signers.js'
import type { EmbeddedWalletsState } from './types.js'

export interface EmbeddedWalletsDeps {
  appId: string
  clientId?: string
  apiUrl: () => string
  state: Store<EmbeddedWalletsState>
  getUser(): User | null
  watchUser(listener: Listener<User | null>): Unsubscribe
  /** The client's logins: one may create wallets (the client loads this code before it announces such a login). */
  watchLogins(listener: (login: ClientEvents['login']) => void): Unsubscribe
  getAccessToken(): Promise<string | null>
  /** Stores the server's user after a wallet change (the session's user replaces the old one). */
  replaceUser(dto: UserDto): Promise<User>
  logout(): Promise<void>
  getConfig(): EffectiveConfig
  storage: TokenStorage
  getAnalyticsId(): Promise<string | null>
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): void
  /** Null outside a browser: every frame call then fails with 'Embedded wallet proxy not initialized'. */
  page: FramePage | null
  fetch?: typeof fetch
  /** Test seams. */
  frame?: Pick<FrameClientOptions, 'readyPollMs' | 'initTimeoutMs' | 'timeoutMs'>
  createFrameClient?: (options: FrameClientOptions) => FrameClient
  userRecoveryTimeoutMs?: number
  /**
   * Runs a frame call through the MFA challenge (wallet spec, "States and transitions"): refused for want of MFA, the call is retried with
   * the user's answer. Without it (tests) calls run once.
   */
  withMfa?: <T>(run: (mfa?: MfaSubmission) => Promise<T>) => Promise<T>
  /** A share set started waiting for the wallet password ('Enter your password'). */
  onPasswordNeeded?(): void
  /** A share set backed up to the user's Google Drive started waiting for the user's consent ('Confirm it's really you'). */
  onCloudRecoveryNeeded?(): void
  /** The server refused key material for an old sign-in (docs/security.md #61): the user signs in again, then recovery resumes. */
  onSignInAgainNeeded?(): void
  /** The cloud provider's token for a backup or recovery; opens the provider's window at once (call inside the click). */
  cloudAccessToken?(provider: CloudRecoveryProvider): Promise<string>
  /** A login's creation waits for the user-owned recovery the app requires of new wallets (`createLoginWallets`), asked on `screen`. */
  onRecoveryNeededToCreate?(screen: NonNullable<ReturnType<typeof recoveryPromptToCreate>>): void
  /** `POST /wallets/revoke` with the session (delegated wallets); absent: revoking is refused. */
  revokeDelegatedWallets?(): Promise<RevokeWalletsResponse>
  /** A server-managed wallet's `GET|PATCH /wallets/:id` and `GET /users/me`, for session signers; absent: they are refused. */
  walletApi?: Pick<SessionSignersDeps, 'getWallet' | 'updateUrl' | 'updateWallet' | 'refreshUser'>
  /**
   * Emits `walletPrompt` 'transaction:confirm' for a confirmation just queued; false when no UI heard it: the request
   * then runs headless. Absent (tests, no UI): requests not shown inline run headless.
   */
  announceConfirmation?(): boolean
  /** `client.funding.fundWallet`, for a confirmation's 'Add funds'; absent (tests): 'Add funds' does nothing. */
  fundWallet?: ConfirmationQueueDeps['fundWallet']
  /** `POST /api/v1/scan/transaction` and the API's host (the scan's domain); unused when the host turns scanning off. */
  scanTransaction?: { run(input: ScanTransactionInput): Promise<ScanTransactionResponse>; domain: string }
  /** `GET /api/v1/token_price`: the USD price of one whole token, for the confirmation's rows. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
  /** `GET /api/v1/spl_token_info`: an SPL mint's symbol, for the Solana confirmation's rows. */
  splTokenInfo?(mintAddress: string, cluster: string): Promise<SplTokenInfoResponse>
  /** Test seam: how often a sent transaction's receipt is asked for. */
  receiptPollMs?: number
}
