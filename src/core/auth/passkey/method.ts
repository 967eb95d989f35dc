/** WebAuthn passkeys: the flow (and @simplewebauthn/browser) loads with the first ceremony, so the landing draws its button without it. */
import type { PasskeyApi, PasskeyFlowState } from './types.js'
import { lazily } from '../../utils/lazily.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod, signInNames } from '../login-method.js'
import { landingFlags } from '../login-method-config.js'
import { passkeyConfig, type PasskeyConfigFields } from './config.js'
import { initialPasskeyFlowState, lazyPasskey } from './passkey.js'

export const passkeyMethod = defineLoginMethod<'passkey', PasskeyApi, PasskeyConfigFields>({
  name: 'passkey',
  isSignInName: signInNames('passkey'),
  landing: landingFlags({ passkey: (dto) => dto.passkey_auth }),
  accountKey: { of: (account, method) => (method === 'passkey' && account.type === 'passkey' ? account.credentialId : null) },
  config: passkeyConfig,
  accounts: {
    map: {
      passkey: (dto) => ({
        type: 'passkey',
        enrolledInMfa: dto.enrolled_in_mfa,
        credentialId: dto.credential_id,
        publicKey: dto.public_key ?? null,
        authenticatorName: dto.authenticator_name ?? null,
        createdWithDevice: dto.created_with_device ?? null,
        createdWithOs: dto.created_with_os ?? null,
        createdWithBrowser: dto.created_with_browser ?? null,
      }),
    },
  },
  create(deps) {
    const state = createStore<PasskeyFlowState>(initialPasskeyFlowState)
    const { transport, isAuthenticated, accountChanges, options } = deps
    const flow = lazyPasskey(
      lazily(() =>
        import('./flow.js').then(({ createPasskeyFlow }) =>
          createPasskeyFlow({
            state,
            transport,
            isAuthenticated,
            accountChanges,
            getUser: () => deps.auth.get().user,
            authenticate: (login) => deps.authenticate('passkey', login),
            ...(options.passkeyCeremony ? { ceremony: options.passkeyCeremony } : {}),
          }),
        ),
      ),
    )
    return {
      api: { getState: state.get, watchState: state.watch, ...flow },
      destroy() {
        flow.reset()
        state.clear()
      },
    }
  },
})
