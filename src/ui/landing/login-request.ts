/** What a sign-in request's per-call options change: the landing's methods, the prefilled form, no sign-up. */
import type { EffectiveConfig } from '../../core/index.js'
import type { LoginRequestOptions, ModalRequest } from '../modal-context.js'

const loginOptionsOf = (request: ModalRequest): LoginRequestOptions => (request.intent === 'login' ? request : {})

/** The config the landing lays out: only the requested methods the app has on (all of them when none is). */
export function withRequestedMethods<C extends Pick<EffectiveConfig, 'loginMethods' | 'loginMethodsAndOrder'>>(config: C, request: ModalRequest): C {
  const methods = loginOptionsOf(request).loginMethods?.filter((method) => config.loginMethods.includes(method))
  return methods?.length ? { ...config, loginMethods: methods, loginMethodsAndOrder: null } : config
}

/** The email or phone number a sign-in request prefills, else ''. */
export const prefilled = (request: ModalRequest, type: 'email' | 'phone'): string => {
  const { prefill } = loginOptionsOf(request)
  return prefill?.type === type ? prefill.value : ''
}

/** Whether a sign-in request allows existing accounts only. */
export const signupDisabled = (request: ModalRequest): boolean => loginOptionsOf(request).disableSignup === true
