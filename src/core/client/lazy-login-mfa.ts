/** `client.loginMfa` as the first chunk holds it: the state and forwarding; the sign-in MFA code loads on first use. */
import type { LoginMfa } from '../auth/login-mfa/login-mfa.js'
import { initialLoginMfaState, type LoginMfaApi, type LoginMfaState } from '../auth/login-mfa/types.js'
import { forwarding } from '../utils/forwarding.js'
import { lazily, type Lazy } from '../utils/lazily.js'
import { createStore, type Store } from '../utils/store.js'

export interface LazyLoginMfa {
  member: LoginMfaApi
  /** The code, loaded with the first pending sign-in or call; the pending token stays inside it. */
  code: Lazy<LoginMfa>
}

export function lazyLoginMfa(load: (state: Store<LoginMfaState>) => Promise<LoginMfa>): LazyLoginMfa {
  const state = createStore(initialLoginMfaState)
  const code = lazily(() => load(state))
  // Cancelling before the code loaded has nothing pending to drop.
  const member = forwarding<LoginMfaApi>({ getState: state.get, watch: state.watch, cancel: () => code.loaded()?.cancel() }, code.load)
  return { member, code }
}
