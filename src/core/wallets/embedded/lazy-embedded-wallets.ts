/**
 * The client's `embeddedWallets` member as the first chunk holds it: the state store and the actions' forwarding.
 * The code loads on first use, once a signed-in user has an embedded wallet (the state derives from the user), or
 * before a login of an app that creates wallets (the client awaits `load()`).
 */
import type { FrameRequestData, FrameRequestEvent, FrameResponseData, MfaSubmission } from '../../../protocol/index.js'
import type { AuthState } from '../../auth/types.js'
import { forwarding } from '../../utils/forwarding.js'
import { lazily } from '../../utils/lazily.js'
import { createStore, type Store } from '../../utils/store.js'
import type { EmbeddedWalletsApi, EmbeddedWalletsState } from './types.js'

export interface EmbeddedWalletsImpl extends Omit<EmbeddedWalletsApi, 'getState' | 'watchState'> {
  /** One call to the wallet frame with the session's access token (client.mfa's calls: the frame holds the MFA token). */
  callFrame<E extends FrameRequestEvent>(event: E, data: Omit<FrameRequestData[E], 'accessToken'>, mfa?: MfaSubmission): Promise<FrameResponseData[E]>
  /** Loads the wallet frame now (a sign-in that will create wallets is under way), so its first call does not wait for it. */
  warmUpFrame(): void
  destroy(): void
}

export function lazyEmbeddedWallets(auth: Store<AuthState>, load: (state: Store<EmbeddedWalletsState>) => Promise<EmbeddedWalletsImpl>) {
  const state = createStore<EmbeddedWalletsState>({ status: 'idle', wallets: [], creating: null, error: null })
  const impl = lazily(() => load(state))
  const stopWatchingAuth = auth.watch(
    ({ user }) => void (user?.linkedAccounts.some((account) => account.type === 'wallet' && account.walletClientType === 'privy') && impl.load()),
  )
  return {
    // Every member but the state's loads the code, then runs.
    member: forwarding<EmbeddedWalletsApi>({ getState: state.get, watchState: state.watch }, impl.load),
    load: impl.load,
    destroy() {
      stopWatchingAuth()
      impl.loaded()?.destroy()
      state.clear()
    },
  }
}
