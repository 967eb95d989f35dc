/** Embedded wallets over the client's own stores and session (loaded with the embedded-wallet code, not the client). */
import type { CloudRecoveryProvider } from '../../../protocol/index.js'
import { sendAnalyticsEvent } from '../../api/analytics.js'
import { revokeDelegatedWallets } from '../../api/delegation.js'
import { scanTransaction } from '../../api/scan.js'
import { serverWalletApi } from '../../api/server-wallets.js'
import { getSplTokenInfo } from '../../api/spl-token-info.js'
import { getTokenPriceUsd } from '../../api/token-price.js'
import type { Transport } from '../../api/transport.js'
import type { ClientInternals } from '../../client-internals.js'
import type { FundingApi } from '../../funding/types.js'
import { mfaGate } from '../../mfa/gate.js'
import type { MfaImpl } from '../../mfa/mfa.js'
import type { SessionManager } from '../../session/types.js'
import type { AuthState, ClientEvents, ClientOptions, ConfigState, TokenStorage } from '../../types.js'
import type { createEmitter } from '../../utils/emitter.js'
import type { Store } from '../../utils/store.js'
import { watchAnnouncements } from './announce/watch-announcements.js'
import { cloudAccessToken } from './cloud-recovery/cloud-access-token.js'
import { createEmbeddedWallets } from './embedded-wallets.js'
import type { EmbeddedWalletsImpl } from './lazy-embedded-wallets.js'
import type { EmbeddedWalletsState } from './types.js'

export interface ClientContext {
  appId: string
  options: ClientOptions & ClientInternals
  transport: Transport
  session: SessionManager
  auth: Store<AuthState>
  config: Store<ConfigState>
  storage: TokenStorage
  events: ReturnType<typeof createEmitter<ClientEvents>>
  state: Store<EmbeddedWalletsState>
  /** client.mfa: gated frame calls run through its challenge. */
  mfa: { load(): Promise<MfaImpl> }
  /** client.funding: a confirmation's 'Add funds' opens a session. */
  funding?: Pick<FundingApi, 'fundWallet'>
}

export function embeddedWalletsForClient(ctx: ClientContext): EmbeddedWalletsImpl {
  const { appId, options, transport, session, auth, config, storage, events, state, mfa, funding } = ctx
  const report = (eventName: string, payload: Record<string, unknown>) =>
    void session.getAnalyticsId().then((id) => sendAnalyticsEvent(transport, eventName, id, payload))
  const wallets = createEmbeddedWallets({
    appId,
    clientId: options.clientId,
    apiUrl: () => transport.apiUrl,
    state,
    getUser: () => auth.get().user,
    watchLogins: (listener) => events.on('login', listener),
    watchUser: (listener) => auth.watch((next, previous) => void (next.user !== previous.user && listener(next.user, previous.user))),
    getAccessToken: () => session.getAccessToken(),
    replaceUser: session.replaceUser,
    logout: () => session.logout('user'),
    getConfig: () => config.get().config,
    storage,
    getAnalyticsId: () => session.getAnalyticsId(),
    sendAnalyticsEvent: report,
    page: typeof window === 'undefined' ? null : { window, document },
    fetch: options.fetch,
    withMfa: mfaGate(mfa.load),
    revokeDelegatedWallets: () => revokeDelegatedWallets(transport),
    walletApi: { ...serverWalletApi(transport), refreshUser: () => session.fetchUser() },
    onPasswordNeeded: () => events.emit('walletPrompt', { screen: 'password:enter' }),
    onRecoveryNeededToCreate: (screen) => events.emit('walletPrompt', { screen }),
    onCloudRecoveryNeeded: () => events.emit('walletPrompt', { screen: 'cloud:confirm' }),
    onSignInAgainNeeded: () => events.emit('walletPrompt', { screen: 'recovery:sign-in-again' }),
    announceConfirmation: () => {
      let heard = false
      // A UI that handles the prompt reads its screen: unread, no UI shows it (the first chunk's emitter counts no listeners).
      events.emit('walletPrompt', {
        get screen() {
          heard = true
          return 'transaction:confirm' as const
        },
      })
      return heard
    },
    fundWallet: funding?.fundWallet,
    scanTransaction: {
      run: (input) => scanTransaction(transport, input),
      get domain() {
        return new URL(transport.apiUrl).host
      },
    },
    tokenPriceUsd: (chainId, symbol) => getTokenPriceUsd(transport, chainId, symbol),
    splTokenInfo: (mintAddress, cluster) => getSplTokenInfo(transport, mintAddress, cluster),
    ...(typeof window !== 'undefined' && {
      cloudAccessToken: (provider: CloudRecoveryProvider) => cloudAccessToken({ transport, window, sendAnalyticsEvent: report }, provider),
    }),
    ...options.embeddedWallets,
  })
  // The app's `announceWallets`: the page's dapps find the signed-in user's wallets (EIP-6963, wallet-standard).
  const announcements = watchAnnouncements({
    window: typeof window === 'undefined' ? null : window,
    getConfig: () => config.get().config,
    watchConfig: (listener) => config.watch(listener),
    state,
    getEthereumProvider: wallets.getEthereumProvider,
    getSolanaProvider: wallets.getSolanaProvider,
  })
  return {
    ...wallets,
    getSolanaStandardWallet: announcements.solanaStandardWallet,
    destroy() {
      announcements.stop()
      wallets.destroy()
    },
  }
}
