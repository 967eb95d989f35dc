/** `client.funding` over the client's own stores, transport, session and wallets (loaded with the funding code). */
import { sendAnalyticsEvent } from '../api/analytics.js'
import { getBridgeQuote, getBridgeStatus, getCoinbaseOnRampStatus, initCoinbaseOnRamp, signMoonpayOnRampUrl } from '../api/funding.js'
import { getTokenPriceUsd } from '../api/token-price.js'
import type { Store } from '../utils/store.js'
import type { ClientContext } from '../wallets/embedded/for-client.js'
import type { WalletsApi } from '../wallets/types.js'
import { createFunding, type FundingImpl } from './funding.js'
import type { FundingState } from './types.js'

/** The embedded wallets' context (the client passes both alike: the bundle repeats it almost for free). */
export interface FundingClientContext extends Omit<ClientContext, 'state' | 'mfa'> {
  state: Store<FundingState>
  wallets: WalletsApi
}

export function fundingForClient({ options, transport, session, auth, config, events, state, wallets }: FundingClientContext): FundingImpl {
  return createFunding({
    state,
    getConfig: () => config.get().config,
    getUser: () => auth.get().user,
    watchUserChange: (listener) => auth.watch((next, previous) => void (next.user?.id !== previous.user?.id && listener())),
    announce() {
      // A UI that shows the session reads the screen it names (the first chunk's emitter counts no listeners).
      const prompt = {
        heard: false,
        get screen() {
          return (this.heard = true) && ('funding:flow' as const)
        },
      }
      events.emit('walletPrompt', prompt)
      return prompt.heard
    },
    api: {
      initCoinbaseOnRamp: (body) => initCoinbaseOnRamp(transport, body),
      getCoinbaseOnRampStatus: (partnerUserId) => getCoinbaseOnRampStatus(transport, partnerUserId),
      signMoonpayOnRampUrl: (body) => signMoonpayOnRampUrl(transport, body),
      getBridgeQuote: (body) => getBridgeQuote(transport, body),
      getBridgeStatus: (query) => getBridgeStatus(transport, query),
      tokenPriceUsd: (chainId, symbol) => getTokenPriceUsd(transport, chainId, symbol),
    },
    analytics: (eventName, payload) => void session.getAnalyticsId().then((id) => sendAnalyticsEvent(transport, eventName, id, payload)),
    wallets,
    window: typeof window === 'undefined' ? null : window,
    fetch: options.fetch,
    ...options.funding,
  })
}
