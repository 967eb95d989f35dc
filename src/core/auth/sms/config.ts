/** SMS's field of the effective config. */
import type { EffectiveConfig } from '../../config/types.js'
import type { LoginMethodConfig } from '../login-method-config.js'

declare module '../../config/types.js' {
  interface EffectiveConfig {
    whatsAppEnabled: boolean
  }
}

export type SmsConfigFields = Pick<EffectiveConfig, 'whatsAppEnabled'>

export const smsConfig: LoginMethodConfig<SmsConfigFields> = {
  defaults: () => ({ whatsAppEnabled: false }),
  fromDto: (dto) => ({ whatsAppEnabled: dto.whatsapp_enabled ?? false }),
}
