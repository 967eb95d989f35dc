/** The Telegram endpoints (sign-in spec, "The calls it makes": "Telegram"): one signed proof, the widget's result or Mini App data. */
import { type AuthenticatedUserDto, type AuthMode, type UserDto } from '../../../protocol/index.js'
import { telegramAuthenticateRoute, telegramLinkRoute, telegramUnlinkRoute } from '../../../protocol/routes/telegram.js'
import type { Transport } from '../../api/transport.js'

/** What Telegram signed, field by field as it arrived (numbers from the popup, strings from the address). */
export type TelegramSignedData = Record<string, string | number>

export type TelegramProof = { telegram_auth_result: TelegramSignedData } | { telegram_web_app_data: TelegramSignedData }

export const authenticate = (transport: Transport, body: TelegramProof & { captcha_token?: string; mode?: AuthMode }): Promise<AuthenticatedUserDto> =>
  transport.request<AuthenticatedUserDto>(telegramAuthenticateRoute, { body })

export const link = (transport: Transport, body: TelegramProof): Promise<UserDto> =>
  transport.request<UserDto>(telegramLinkRoute, { body, auth: true })

export const unlink = (transport: Transport, telegramUserId: string): Promise<UserDto> =>
  transport.request<UserDto>(telegramUnlinkRoute, { body: { telegram_user_id: telegramUserId }, auth: true })
