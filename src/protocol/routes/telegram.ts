/** Telegram. */
import type { AuthenticatedUserDto, TelegramAuthenticateBody, TelegramProofBody, NonceTransferBody, TelegramUnlinkBody, UserDto } from '../dto.js'
import { post } from './route.js'

export const telegramAuthenticateRoute = post<TelegramAuthenticateBody, AuthenticatedUserDto>('/api/v1/telegram/authenticate')
export const telegramLinkRoute = post<TelegramProofBody, UserDto>('/api/v1/telegram/link')
export const telegramUnlinkRoute = post<TelegramUnlinkBody, UserDto>('/api/v1/telegram/unlink')
export const telegramTransferRoute = post<NonceTransferBody, UserDto>('/api/v1/telegram/transfer')
