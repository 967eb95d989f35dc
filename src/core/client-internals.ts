/** The client's test seams, apart from client.ts so the modules it lazily loads can name them without importing it. */
import type { PasskeyCeremony } from './auth/passkey/ceremony.js'
import type { FundingDeps } from './funding/session-context.js'
import type { MfaDeps } from './mfa/mfa.js'
import type { LockManagerLike } from './session/spent-refresh-token.js'
import type { EmbeddedWalletsDeps } from './wallets/embedded/deps.js'
import type { WalletConnectSession } from './wallets/wallet-connect/session.js'

/** Test seams beyond the public options. */
export interface ClientInternals {
  locks?: LockManagerLike | null
  retryDelay?: (attempt: number) => number
  /** Replaces Cloudflare's Turnstile script (end-to-end tests serve a stand-in). */
  turnstileScriptUrl?: string
  /** The page wallets are discovered in (unit tests pass a stand-in); defaults to `window`. */
  walletWindow?: Window | null
  /** Shortens wallet waits in tests. */
  walletTimeoutMs?: number
  /** Replaces the WalletConnect relay session (unit tests: the relay is out of reach here). */
  walletConnectSession?: (projectId: string) => WalletConnectSession
  /** Replaces Telegram's login widget host https://oauth.telegram.org (end-to-end tests and the demo serve a stand-in). */
  telegramOAuthUrl?: string
  /** Replaces the browser's WebAuthn step (unit tests). */
  passkeyCeremony?: PasskeyCeremony
  /** The page the wallet frame mounts in, its time-outs, or a stand-in frame (unit tests); defaults to `window`. */
  embeddedWallets?: Partial<Pick<EmbeddedWalletsDeps, 'page' | 'frame' | 'createFrameClient' | 'userRecoveryTimeoutMs'>>
  /** Shortens the MFA code wait and overall limit in tests. */
  mfa?: Pick<MfaDeps, 'codeWaitMs' | 'overallLimitMs'>
  /** The page the card providers' windows open from (unit tests pass a stand-in), and shorter funding polls. */
  funding?: Partial<Pick<FundingDeps, 'window' | 'timing'>>
}
