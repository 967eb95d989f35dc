/** `client.auth.customAuth`: sign-in with the app's own identity provider (a JWT it supplies). */
import type { CustomAuthConfig } from '../../config/types.js'
import type { CustomAuthState } from '../../types.js'
import type { User } from '../../user/types.js'
import type { StateMembers } from '../login-method.js'

export interface CustomAuthActions {
  /** Replaces the app's custom-auth hooks (the React wrapper calls it as `isLoading` changes) and syncs. */
  configure(config: CustomAuthConfig | null): void
  /** Signs in with the app's token when it has one and nobody is signed in; logs out when the token is gone. */
  sync(): Promise<void>
  /** Links the app's identity to the signed-in user: `token` (a JWT of the app's identity provider), else the configured custom auth's. */
  link(token?: string): Promise<User>
}

export interface CustomAuthApi extends CustomAuthActions, StateMembers<CustomAuthState> {}
