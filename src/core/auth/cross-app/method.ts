/** Accounts of other apps on this server: the requester's popup flow here, the provider page's code on its first use. */
import type { CrossAppApi, CrossAppFlowState } from './types.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod } from '../login-method.js'
import { crossAppConfig, type CrossAppConfigFields } from './config.js'
import { createCrossAppFlow, initialCrossAppFlowState } from './flow.js'
import { crossAppMethodName, providerAppIdOf } from './method-name.js'

export const crossAppMethod = defineLoginMethod<'crossApp', CrossAppApi, CrossAppConfigFields>({
  name: 'crossApp',
  isSignInName: (value) => Boolean(providerAppIdOf(value)),
  // Each provider app the server lists, after every other landing entry.
  landing: (dto) => (dto.cross_app_login_providers ?? []).map((provider) => crossAppMethodName(provider.app_id)),
  accountKey: { of: (account, method) => (account.type === 'cross_app' && account.providerApp.id === providerAppIdOf(method) ? account.subject : null) },
  config: crossAppConfig,
  accounts: {
    map: {
      cross_app: (dto) => ({
        type: 'cross_app',
        subject: dto.subject,
        embeddedWallets: dto.embedded_wallets.map(({ address }) => ({ address })),
        smartWallets: dto.smart_wallets.map(({ address }) => ({ address })),
        providerApp: { id: dto.provider_app.id, name: dto.provider_app.name ?? null, logoUrl: dto.provider_app.logo_url ?? null },
      }),
    },
  },
  create(deps) {
    const state = createStore<CrossAppFlowState>(initialCrossAppFlowState)
    const { appId, transport, isAuthenticated, authenticate, accountChanges, storage, sendAnalyticsEvent } = deps
    const flow = createCrossAppFlow({
      appId,
      state,
      transport,
      isAuthenticated,
      authenticate,
      accountChanges,
      storage,
      sendAnalyticsEvent,
      getUser: () => deps.auth.get().user,
      embeddedWallets: deps.embeddedWallets.member,
    })
    // The flow forwards its provider-page members to lazily loaded code, so the state joins as members, not a spread.
    const api = Object.assign(flow, { getState: state.get, watchState: state.watch })
    return {
      api,
      destroy() {
        flow.reset()
        state.clear()
      },
    }
  },
})
