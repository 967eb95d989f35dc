/** What `client.on` announces. */
import type { TesseraError } from './errors/base-error.js'
import type { OAuthTokens } from './auth/oauth/provider-tokens.js'
import type { LoginMethodName } from './auth/types.js'
import type { LinkedAccount, User } from './user/types.js'

export interface ClientEvents {
  login: { user: User; isNewUser: boolean; loginMethod: LoginMethodName }
  link: { user: User; linkMethod: LoginMethodName; linkedAccount: LinkedAccount | null }
  unlink: { user: User; unlinkMethod: LoginMethodName }
  update: { user: User; updateMethod: 'email' | 'sms' }
  logout: { reason: 'user' | 'session-ended' | 'app-mismatch' }
  /** A new access token was stored (login, refresh) or the stored one removed (null). */
  accessToken: { accessToken: string | null }
  /** A login or link through an OAuth provider (a reauthorization too) answered with the provider's tokens (once per grant). */
  oauthTokens: { oAuthTokens: OAuthTokens; user: User }
  error: { error: TesseraError }
  /**
   * A wallet operation waits for the user and no app handler takes it; `screen` answers it: 'mfa:verify' for an MFA
   * challenge without an `mfa.onMfaRequired` listener, 'password:enter' when recovery needs the wallet password,
   * 'password:create' ('recovery:select' when several user-owned methods are offered) when a login's creation waits
   * for the password or recovery the app requires (`createLoginWallets`), 'transaction:confirm' for a confirmation and
   * 'funding:flow' for a funding session (`client.funding.fundWallet`). `<auth-modal>` opens on that screen.
   */
  walletPrompt: {
    screen:
      | 'mfa:verify'
      | 'password:enter'
      | 'password:create'
      | 'recovery:select'
      | 'recovery:sign-in-again'
      | 'cloud:backup'
      | 'cloud:confirm'
      | 'transaction:confirm'
      | 'funding:flow'
  }
}
