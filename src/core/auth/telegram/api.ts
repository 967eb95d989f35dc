/** The Telegram endpoints (sign-in spec, "The calls it makes": "Telegram"): one signed proof, the widget's result or Mini App data. */
import type { AuthenticatedUserDto, NonceTransferBody, TelegramAuthenticateBody, TelegramProofBody, UserDto } from '../../../protocol/index.js'
import { telegramAuthenticateRoute, telegramLinkRoute, telegramTransferRoute, telegramUnlinkRoute } from '../../../protocol/routes/telegram.js'
import type { Transport } from '../../api/transport.js'
import type { AccountTransfer } from '../transfer/types.js'

export const authenticate = (transport: Transport, body: TelegramAuthenticateBody): Promise<AuthenticatedUserDto> =>
  transport.request(telegramAuthenticateRoute, { body })

export const link = (transport: Transport, body: TelegramProofBody): Promise<UserDto> => transport.request(telegramLinkRoute, { body, auth: true })

export const unlink = (transport: Transport, telegramUserId: string): Promise<UserDto> =>
  transport.request(telegramUnlinkRoute, { body: { telegram_user_id: telegramUserId }, auth: true })

/** Account transfer (wallet spec, "The calls it makes"): the account moves to the signed-in user. */
export function transferAccount(transport: Transport, { nonce }: AccountTransfer): Promise<UserDto> {
  const body: NonceTransferBody = { nonce }
  return transport.request(telegramTransferRoute, { body, auth: true })
}
