/** Telegram's fields of the effective config: the app's bot. */
import type { EffectiveConfig } from '../../config/types.js'
import type { LoginMethodConfig } from '../login-method-config.js'

export interface TelegramConfig {
  botId: string
  botName: string
  linkEnabled: boolean
  seamlessAuthEnabled: boolean
}

declare module '../../config/types.js' {
  interface EffectiveConfig {
    /** The app's Telegram bot (server `telegram_auth_config`); null when none is configured. */
    telegram: TelegramConfig | null
  }
}

export type TelegramConfigFields = Pick<EffectiveConfig, 'telegram'>

export const telegramConfig: LoginMethodConfig<TelegramConfigFields> = {
  defaults: () => ({ telegram: null }),
  fromDto: (dto) => ({
    telegram: dto.telegram_auth_config
      ? {
          botId: dto.telegram_auth_config.bot_id,
          botName: dto.telegram_auth_config.bot_name,
          linkEnabled: dto.telegram_auth_config.link_enabled,
          seamlessAuthEnabled: dto.telegram_auth_config.seamless_auth_enabled,
        }
      : null,
  }),
}
