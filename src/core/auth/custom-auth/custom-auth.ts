/**
 * Bring-your-own auth (document 1 §4 "Custom JWT auth states"): the app's own identity provider is the
 * source of truth. `sync()` signs in with the app's token when nobody is signed in, and signs out a
 * custom-auth user once the app has no token. It runs when `configure()` is called (the React wrapper
 * calls it whenever the app's flags change) and when the app calls it; never on its own when the
 * Tessera session changes, so a logout here is not undone behind the app's back.
 */
import type { AuthenticatedUserDto, UserDto } from '../../../protocol/index.js'
import { authenticateCustomJwt, linkCustomJwt } from '../../api/custom-jwt.js'
import type { Transport } from '../../api/transport.js'
import type { AccountChanges } from '../../session/account-changes.js'
import type { CustomAuthConfig } from '../../config/types.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError, toTesseraError } from '../../errors/client-errors.js'
import type { CustomAuthState, TesseraClient } from '../../types.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'

export const initialCustomAuthState: CustomAuthState = { status: 'initial', error: null }

export const customAuthNotEnabledError = () =>
  new TesseraError({ code: 'feature_not_enabled', shortMessage: 'Custom auth is not enabled for this app' })
export const noCustomTokenError = () =>
  new TesseraError({ code: 'failed_to_link_account', shortMessage: 'The app has no custom auth token to link' })

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

/** A user holds at most one custom-auth account: the one just linked. */
const customUserIdOf = (dto: UserDto): string =>
  dto.linked_accounts.find((account) => account.type === 'custom_auth')?.custom_user_id ?? ''

const hasCustomAuthAccount = (user: User) => user.linkedAccounts.some((account) => account.type === 'custom_auth')

export function createCustomAuth(options: CustomAuthOptions): TesseraClient['customAuth'] {
  const { state, transport } = options
  let config: CustomAuthConfig | null = null
  // Syncs run one after another; calls made while one waits to start share it.
  let queued: Promise<void> | null = null
  let tail: Promise<void> = Promise.resolve()

  /** Off unless the app configured it, did not turn it off, and the server allows it. */
  const enabledConfig = (): CustomAuthConfig | null =>
    config && config.enabled !== false && options.serverEnabled() ? config : null

  async function runSync(): Promise<void> {
    await options.whenReady()
    const current = enabledConfig()
    if (!current) return state.set({ status: 'not-enabled', error: null })
    // The app's own auth has not settled: its token says nothing yet (a session in place stays as it is).
    if (current.isLoading) return state.update((now) => (now.status === 'not-enabled' ? initialCustomAuthState : now))
    try {
      const token = await current.getCustomAccessToken()
      const user = options.getUser()
      if (token && !user) {
        state.set({ status: 'loading', error: null })
        await options.authenticate(() => authenticateCustomJwt(transport, { token, mode: 'login-or-sign-up' }))
        return state.set({ status: 'done', error: null })
      }
      if (token) return state.set({ status: 'done', error: null })
      if (user && hasCustomAuthAccount(user)) await options.logout()
      state.set({ status: 'initial', error: null })
    } catch (error) {
      state.set({ status: 'error', error: toTesseraError(error) })
    }
  }

  /** Never rejects: the outcome is the state (`done`, `initial`, `error`, `not-enabled`). */
  function sync(): Promise<void> {
    queued ??= tail.then(() => {
      queued = null
      return runSync()
    })
    tail = queued
    return queued
  }

  function configure(next: CustomAuthConfig | null): void {
    config = next
    void sync()
  }

  async function link(): Promise<User> {
    await options.whenReady()
    const current = enabledConfig()
    if (!current) throw customAuthNotEnabledError()
    if (!options.getUser()) throw mustBeAuthenticatedError()
    const token = await current.getCustomAccessToken()
    if (!token) throw noCustomTokenError()
    const dto = await linkCustomJwt(transport, { token })
    return options.accountChanges.linked(dto, 'custom_auth', customUserIdOf(dto))
  }

  return { configure, sync, link }
}
