/** Passkey sign-in's field of the effective config. */
import type { EffectiveConfig } from '../../config/types.js'
import type { LoginMethodConfig } from '../login-method-config.js'

declare module '../../config/types.js' {
  interface EffectiveConfig {
    /** New users may sign up with a passkey (`passkeys_for_signup_enabled`): the landing then offers the choice screen. */
    passkeysForSignup: boolean
  }
}

export type PasskeyConfigFields = Pick<EffectiveConfig, 'passkeysForSignup'>

export const passkeyConfig: LoginMethodConfig<PasskeyConfigFields> = {
  defaults: () => ({ passkeysForSignup: false }),
  fromDto: (dto) => ({ passkeysForSignup: dto.passkeys_for_signup_enabled ?? false }),
}
