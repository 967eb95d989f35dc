/** The client's `passkey` member as the first chunk holds it: the flow's code loads with the first call. */
import type { Lazy } from '../../utils/lazily.js'
import type { PasskeyActions, PasskeyFlow, PasskeyFlowState } from './types.js'

export const initialPasskeyFlowState: PasskeyFlowState = { status: 'initial', intent: 'login', error: null }

/** Sign-in spec, "States and transitions": passkeys need the browser's WebAuthn API. */
export const isPasskeySupported = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function' && typeof globalThis.navigator?.credentials?.create === 'function'

export function lazyPasskey(flow: Lazy<PasskeyFlow>): PasskeyActions {
  return {
    login: async (options) => (await flow.load()).login(options),
    signup: async (options) => (await flow.load()).signup(options),
    link: async () => (await flow.load()).link(),
    unlink: async (credentialId) => (await flow.load()).unlink(credentialId),
    // Nothing to reset before the first call: the state is still the initial one.
    reset: () => flow.loaded()?.reset(),
    isSupported: isPasskeySupported,
  }
}
