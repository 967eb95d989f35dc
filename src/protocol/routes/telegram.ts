/** Telegram. */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, NonceTransferBody, UserDto, LinkedAccountBase } from '../dto.js'
import { post } from './route.js'

/** What Telegram signed, field by field as it arrived (numbers from the popup, strings from the address). */
export type TelegramSignedData = Record<string, string | number>
export type TelegramProofBody = { telegram_auth_result: TelegramSignedData } | { telegram_web_app_data: TelegramSignedData }
export type TelegramAuthenticateBody = TelegramProofBody & { captcha_token?: string; mode?: AuthMode }
export interface TelegramUnlinkBody {
  telegram_user_id: string
}

export const telegramAuthenticateRoute = post<TelegramAuthenticateBody, AuthenticatedUserDto>('/api/v1/telegram/authenticate')
export const telegramLinkRoute = post<TelegramProofBody, UserDto>('/api/v1/telegram/link')
export const telegramUnlinkRoute = post<TelegramUnlinkBody, UserDto>('/api/v1/telegram/unlink')
export const telegramTransferRoute = post<NonceTransferBody, UserDto>('/api/v1/telegram/transfer')

export interface TelegramAccountDto extends LinkedAccountBase {
  type: 'telegram'
  telegram_user_id: string
  first_name?: string | null
  last_name?: string | null
  username?: string | null
  photo_url?: string | null
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    telegram: TelegramAccountDto
  }
  interface AppConfigDto {
    telegram_auth: boolean
    telegram_auth_config: { bot_id: string; bot_name: string; link_enabled: boolean; seamless_auth_enabled: boolean } | null
  }
}
