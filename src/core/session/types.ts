/**
 * The session manager's and the account changes' shapes, apart from their files so the code they load (the token code,
 * the link announcement's account lookup over the login methods) can name them without importing them back.
 */
import type { AuthenticatedUserDto, UserDto } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import type { OAuthTokens } from '../auth/oauth/provider-tokens.js'
import type { LoginMethodName } from '../auth/types.js'
import type { ClientEvents } from '../client-events.js'
import type { Unsubscribe } from '../listener.js'
import type { TokenStorage } from '../client-options.js'
import type { User } from '../user/types.js'
import type { LockManagerLike } from './spent-refresh-token.js'
import type { TokenChangeListener } from './token-writes.js'

export type SignOutReason = 'user' | 'session-ended' | 'app-mismatch'

export interface SessionManagerOptions {
  appId: string
  storage: TokenStorage
  transport: Transport
  /** Called when the signed-in user changes; `reason` is set when it becomes null. */
  onUser(user: User | null, reason?: SignOutReason): void
  /** Called when the stored access or identity token changes (null: removed). */
  onTokens?: TokenChangeListener
  /** Defaults to `navigator.locks`; without it refreshes are de-duplicated per tab only. */
  locks?: LockManagerLike | null
  now?: () => number
  /** True while the app keeps the refresh token in an API cookie: tokens then stay in memory (cookie-session-storage.ts). */
  cookieSessions?: () => boolean
}

export interface SessionManager {
  /** A token with more than 30 s left, refreshing first when needed; null when signed out. */
  getAccessToken(): Promise<string | null>
  /** The stored-session check at start-up. */
  restore(): Promise<User | null>
  /** Stores the tokens of a login response (always all three) and its user. */
  storeLogin(response: AuthenticatedUserDto): Promise<User>
  /** Re-reads the user with `GET /users/me`. */
  fetchUser(): Promise<User | null>
  /** Shows the user a link, unlink, update or transfer answered with. */
  replaceUser(dto: UserDto): Promise<User>
  logout(reason?: SignOutReason): Promise<void>
  getUser(): User | null
  /** The `privy-ca-id` analytics id, created once and kept in storage. */
  getAnalyticsId(): Promise<string>
  /** Follows login and logout in other tabs through the `storage` event. */
  watchOtherTabs(): Unsubscribe
}

/** After a link, unlink, update or transfer (`account-changes.ts`). */
export interface AccountChanges {
  /**
   * `key` names the new account: address, number, provider subject or custom user id. `oAuthTokens`: the provider's
   * tokens a link (a reauthorization too) answered, handed to the `oauthTokens` listeners after the link.
   */
  linked(dto: UserDto, linkMethod: LoginMethodName, key: string, oAuthTokens?: OAuthTokens): Promise<User>
  unlinked(dto: UserDto, unlinkMethod: LoginMethodName): Promise<User>
  updated(dto: UserDto, updateMethod: ClientEvents['update']['updateMethod']): Promise<User>
}
