/** Guest sign-in's field of the effective config. */
import type { EffectiveConfig } from '../../config/types.js'
import type { LoginMethodConfig } from '../login-method-config.js'

declare module '../../config/types.js' {
  interface EffectiveConfig {
    guestAuth: boolean
  }
}

export type GuestConfigFields = Pick<EffectiveConfig, 'guestAuth'>

export const guestConfig: LoginMethodConfig<GuestConfigFields> = {
  defaults: () => ({ guestAuth: false }),
  fromDto: (dto) => ({ guestAuth: dto.guest_auth ?? false }),
}
