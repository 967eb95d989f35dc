/** Telegram. */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, NonceTransferBody, UserDto } from '../dto.js'
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
