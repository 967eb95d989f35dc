/**
 * `client.mfa` as the first chunk holds it: the state, the app's `onMfaRequired` listeners and forwarding; the code
 * loads on first use (a first `watchState` too, so `enrolled` follows the user from then on). It needs no teardown:
 * its only subscription is to the client's auth store, which the client's `destroy()` clears.
 */
import { forwarding } from '../utils/forwarding.js'
import { lazily } from '../utils/lazily.js'
import { createStore, type Store } from '../utils/store.js'
import type { MfaRequiredListener } from './challenge.js'
import type { MfaImpl } from './mfa.js'
import type { MfaApi, MfaState } from './types.js'

export function lazyMfa(load: (state: Store<MfaState>, listeners: Set<MfaRequiredListener>) => Promise<MfaImpl>) {
  const state = createStore<MfaState>({ enrolled: [], challenge: null })
  const listeners = new Set<MfaRequiredListener>()
  const impl = lazily(() => load(state, listeners))
  const own: Pick<MfaApi, 'getState' | 'watchState' | 'onMfaRequired'> = {
    getState: state.get,
    watchState: (listener) => (impl.load(), state.watch(listener)),
    onMfaRequired: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  }
  return { member: forwarding<MfaApi>(own, impl.load), load: impl.load }
}
