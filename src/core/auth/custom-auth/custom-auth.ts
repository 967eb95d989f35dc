/**
 * Bring-your-own auth (sign-in spec, "States and transitions": "Custom JWT auth states"): the app's own identity provider is the
 * source of truth. `sync()` signs in with the app's token when nobody is signed in, and signs out a
 * custom-auth user once the app has no token. It runs when `configure()` is called (the React wrapper
 * calls it whenever the app's flags change) and when the app calls it; never on its own when the
 * Tessera session changes, so a logout here is not undone behind the app's back. What uses the token
 * (with-token.ts) loads only once custom auth is on.
 */
import type { CustomAuthActions, CustomAuthOptions, CustomAuthState } from './types.js'
import type { CustomAuthConfig } from './config.js'
import { TesseraError } from '../../errors/base-error.js'
import { toTesseraError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'

export const initialCustomAuthState: CustomAuthState = { status: 'initial', error: null }

export const customAuthNotEnabledError = () => new TesseraError({ code: 'feature_not_enabled', shortMessage: 'Custom auth is not enabled for this app' })

export function createCustomAuth(options: CustomAuthOptions): CustomAuthActions {
  const { state } = options
  let config: CustomAuthConfig | null = null
  // Syncs run one after another; calls made while one waits to start share it.
  let queued: Promise<void> | null = null
  let tail: Promise<void> = Promise.resolve()

  /** Off unless the app configured it, did not turn it off, and the server allows it. */
  const enabledConfig = (): CustomAuthConfig | null => (config && config.enabled !== false && options.serverEnabled() ? config : null)

  async function runSync(): Promise<void> {
    await options.whenReady()
    const current = enabledConfig()
    if (!current) return state.set({ status: 'not-enabled', error: null })
    // The app's own auth has not settled: its token says nothing yet (a session in place stays as it is).
    if (current.isLoading) return state.update((now) => (now.status === 'not-enabled' ? initialCustomAuthState : now))
    try {
      await (await import('./with-token.js')).syncWithCustomToken(options, current)
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

  /** Links `token`, or else the token the app's configured custom auth gives. */
  async function link(token?: string): Promise<User> {
    await options.whenReady()
    const current = enabledConfig()
    if (!token && !current) throw customAuthNotEnabledError()
    return (await import('./with-token.js')).linkCustomToken(options, token ? async () => token : current!.getCustomAccessToken)
  }

  return { configure, sync, link }
}
