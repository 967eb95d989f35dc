/** Guest sign-in: its code loads with the first call, so the landing draws its button without it. */
import { storageKeys } from '../../session/keys.js'
import { forwarding } from '../../utils/forwarding.js'
import { lazily } from '../../utils/lazily.js'
import { defineLoginMethod, signInNames } from '../login-method.js'
import { guestConfig, type GuestConfigFields } from './config.js'
import type { GuestApi } from './types.js'

export const guestMethod = defineLoginMethod<'guest', GuestApi, GuestConfigFields>({
  name: 'guest',
  isSignInName: signInNames('guest'),
  config: guestConfig,
  create(deps) {
    const code = lazily(() =>
      import('./guest.js').then(({ createGuestLogin }) =>
        createGuestLogin({
          storage: deps.storage,
          storageKey: storageKeys(deps.appId).guestCredential,
          transport: deps.transport,
          isAuthenticated: deps.isAuthenticated,
          authenticate: (login) => deps.authenticate('guest', login),
        }),
      ),
    )
    return { api: forwarding<GuestApi>({}, code.load), destroy: () => undefined }
  },
})
