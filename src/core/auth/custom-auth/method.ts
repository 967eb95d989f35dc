/** The app's own identity provider: signs in with its token once the client is ready, and follows it (`configure`). */
import type { CustomAuthApi, CustomAuthState } from './types.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod, signInNames } from '../login-method.js'
import { customAuthConfig, type CustomAuthConfigFields } from './config.js'
import { createCustomAuth, initialCustomAuthState } from './custom-auth.js'

export const customAuthMethod = defineLoginMethod<'customAuth', CustomAuthApi, CustomAuthConfigFields>({
  name: 'customAuth',
  isSignInName: signInNames('custom_auth'),
  accountKey: { of: (account, method) => (method === 'custom_auth' && account.type === 'custom_auth' ? account.customUserId : null) },
  config: customAuthConfig,
  accounts: { map: { custom_auth: (dto) => ({ type: 'custom_auth', customUserId: dto.custom_user_id }) } },
  create(deps) {
    const state = createStore<CustomAuthState>(initialCustomAuthState)
    const customAuth = createCustomAuth({
      state,
      transport: deps.transport,
      whenReady: () => deps.ready,
      serverEnabled: () => deps.config.get().config.customJwtAuth,
      getUser: () => deps.auth.get().user,
      authenticate: (login) => deps.authenticate('custom_auth', login),
      logout: () => deps.session.logout('user'),
      accountChanges: deps.accountChanges,
    })
    customAuth.configure(deps.options.customAuth ?? null)
    return { api: { getState: state.get, watchState: state.watch, ...customAuth }, destroy: state.clear }
  },
})
