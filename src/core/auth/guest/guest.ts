/** Guest sign-in (sign-in spec, "States and transitions"): a random credential kept in storage is the guest's only key. */
import { GUEST_CREDENTIAL_BYTES, type AuthenticatedUserDto } from '../../../protocol/index.js'
import { authenticateGuest } from './api.js'
import type { GuestApi } from './types.js'
import type { Transport } from '../../api/transport.js'
import { alreadyLoggedInError } from '../../errors/client-errors.js'
import type { TokenStorage } from '../../client-options.js'
import type { User } from '../../user/types.js'
import { base64UrlEncode } from '../oauth/pkce.js'
import { guestLinkNotSupportedError, storageError } from './errors.js'

export interface GuestLoginOptions {
  storage: TokenStorage
  /** `storageKeys(appId).guestCredential`; logout deletes it, so the next guest is a new user. */
  storageKey: string
  transport: Transport
  isAuthenticated(): boolean
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
}

export function createGuestLogin(options: GuestLoginOptions): GuestApi {
  /** The stored credential, or a new one of GUEST_CREDENTIAL_BYTES random bytes, stored before it is sent. */
  async function credential(): Promise<string> {
    try {
      const stored = await options.storage.get(options.storageKey)
      if (typeof stored === 'string' && stored) return stored
      const created = base64UrlEncode(crypto.getRandomValues(new Uint8Array(GUEST_CREDENTIAL_BYTES)))
      await options.storage.put(options.storageKey, created)
      return created
    } catch (error) {
      throw storageError(error)
    }
  }

  async function login(): Promise<User> {
    if (options.isAuthenticated()) throw alreadyLoggedInError()
    const guest_credential = await credential()
    return options.authenticate(() => authenticateGuest(options.transport, { guest_credential }))
  }

  return { login, link: async () => Promise.reject(guestLinkNotSupportedError()) }
}
