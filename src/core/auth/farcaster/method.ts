/** Sign-In with Farcaster and the signer request: their code loads with the first call; the signer's default key is the embedded wallet's. */
import type { FarcasterApi, FarcasterFlowState } from './types.js'
import { forwarding } from '../../utils/forwarding.js'
import { lazily } from '../../utils/lazily.js'
import { createStore } from '../../utils/store.js'
import { defineLoginMethod, signInNames } from '../login-method.js'
import { landingFlags } from '../login-method-config.js'
import { initialFarcasterFlowState } from './state.js'

export const farcasterMethod = defineLoginMethod<'farcaster', FarcasterApi>({
  name: 'farcaster',
  isSignInName: signInNames('farcaster'),
  landing: landingFlags({ farcaster: (dto) => dto.farcaster_auth }),
  transfer: { linkMethods: ['farcaster'], load: () => import('./api.js') },
  accountKey: { of: (account, method) => (method === 'farcaster' && account.type === 'farcaster' ? String(account.fid) : null) },
  accounts: {
    map: {
      farcaster: (dto) => ({
        type: 'farcaster',
        fid: dto.fid,
        ownerAddress: dto.owner_address,
        displayName: dto.display_name ?? null,
        username: dto.username ?? null,
        bio: dto.bio ?? null,
        pfp: dto.profile_picture_url ?? null,
        url: dto.homepage_url ?? null,
        signerPublicKey: dto.signer_public_key ?? null,
      }),
    },
    slots: { farcaster: 'farcaster' },
  },
  create(deps) {
    const state = createStore<FarcasterFlowState>(initialFarcasterFlowState)
    const { transport, isAuthenticated, accountChanges, embeddedWallets } = deps
    const code = lazily(() =>
      import('./farcaster.js').then(({ createFarcaster }) =>
        createFarcaster({
          state,
          transport,
          isAuthenticated,
          accountChanges,
          embeddedWallets,
          authenticate: (login) => deps.authenticate('farcaster', login),
          refreshUser: () => deps.session.fetchUser(),
        }),
      ),
    )
    const reset = () => code.loaded()?.reset()
    return {
      api: forwarding<FarcasterApi>({ getState: state.get, watchState: state.watch, reset }, code.load),
      destroy() {
        reset()
        state.clear()
      },
    }
  },
})
