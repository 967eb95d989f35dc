import { useCallback } from 'react'
import type { AuthModalRequest } from '../../elements/index.js'
import { useTesseraContext } from '../context.js'
import { useModalEvents, type LoginCallbacks } from './use-modal-events.js'

/** The per-call options of `login()` (the reference SDK's `LoginModalOptions`). */
export type LoginModalOptions = Pick<Extract<AuthModalRequest, { intent: 'login' }>, 'loginMethods' | 'prefill' | 'disableSignup'>

/** Options given to `login`, or none when it got something else (`onClick={login}` passes the click event). */
function loginOptionsOf(argument: unknown): LoginModalOptions {
  if (typeof argument !== 'object' || argument === null || 'nativeEvent' in argument) return {}
  const { loginMethods, prefill, disableSignup } = argument as LoginModalOptions
  return { ...(loginMethods ? { loginMethods } : {}), ...(prefill ? { prefill } : {}), ...(disableSignup ? { disableSignup } : {}) }
}

/**
 * `login(options?)` opens the provider's modal: only `loginMethods` on the landing, the email or phone `prefill`ed,
 * existing accounts only with `disableSignup`. The callbacks follow its `loginsuccess` / `autherror` events.
 */
export function useLogin(callbacks: LoginCallbacks = {}): { login(options?: LoginModalOptions | object): void } {
  const { openModal } = useTesseraContext()
  useModalEvents(callbacks)
  const login = useCallback((options?: LoginModalOptions | object) => openModal({ intent: 'login', ...loginOptionsOf(options) }), [openModal])
  return { login }
}
