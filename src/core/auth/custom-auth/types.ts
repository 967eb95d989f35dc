/** `client.auth.customAuth`: sign-in with the app's own identity provider (a JWT it supplies). */
import type { CustomAuthConfig } from './config.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { StateMembers } from '../state-members.js'
import type { AuthenticatedUserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { AccountChanges } from '../../session/types.js'
import type { Store } from '../../utils/store.js'

declare module '../types.js' {
  interface LoginMethodNames {
    customAuth: 'custom_auth'
  }
}

/** Sign-in spec, "States and transitions": "Custom JWT auth states". */
export type CustomAuthStatus = 'initial' | 'loading' | 'done' | 'error' | 'not-enabled'
export interface CustomAuthState {
  status: CustomAuthStatus
  error: TesseraError | null
}

export interface CustomAuthActions {
  /** Replaces the app's custom-auth hooks (the React wrapper calls it as `isLoading` changes) and syncs. */
  configure(config: CustomAuthConfig | null): void
  /** Signs in with the app's token when it has one and nobody is signed in; logs out when the token is gone. */
  sync(): Promise<void>
  /** Links the app's identity to the signed-in user: `token` (a JWT of the app's identity provider), else the configured custom auth's. */
  link(token?: string): Promise<User>
}

export interface CustomAuthApi extends CustomAuthActions, StateMembers<CustomAuthState> {}

export interface CustomAuthOptions {
  state: Store<CustomAuthState>
  transport: Transport
  /** Resolves once the server config and the stored session are known: nothing is decided before. */
  whenReady(): Promise<void>
  /** The server's `custom_jwt_auth` flag. */
  serverEnabled(): boolean
  getUser(): User | null
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  logout(): Promise<void>
  /** Replaces the stored user with the linked one and announces the link. */
  accountChanges: Pick<AccountChanges, 'linked'>
}

export interface CustomAuthAccount extends AccountTimes {
  type: 'custom_auth'
  customUserId: string
}

/** Its linked accounts, merged into user/types.ts's (no `User` slot). */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    custom_auth: CustomAuthAccount
  }
}
