/** `client.auth.guest`: sign-in with a credential kept in storage (no state of its own). */
import type { User } from '../../user/types.js'

declare module '../types.js' {
  interface LoginMethodNames {
    guest: 'guest'
  }
}

export interface GuestApi {
  /** Signs in as a guest with the credential kept in storage (created on first use). */
  login(): Promise<User>
  /** Always rejects: a guest credential cannot be linked to a user ('Linking is not supported for the guest flow'). */
  link(): Promise<never>
}
