import type {
  FarcasterTransferBody,
  NonceTransferBody,
  WalletTransferBody,
  OAuthTransferBody,
  PasswordlessTransferBody,
  SmsTransferBody,
  UserDto,
} from '../../protocol/index.js'
import { farcasterTransferRoute } from '../../protocol/routes/farcaster.js'
import { oauthTransferRoute } from '../../protocol/routes/oauth.js'
import { passwordlessTransferRoute } from '../../protocol/routes/email.js'
import { siweTransferRoute } from '../../protocol/routes/siwe.js'
import { siwsTransferRoute } from '../../protocol/routes/siws.js'
import { smsTransferRoute } from '../../protocol/routes/sms.js'
import { telegramTransferRoute } from '../../protocol/routes/telegram.js'
import type { Transport } from './transport.js'

/** Account transfer (wallet spec, "The calls it makes"): one POST per account type, each answering with the receiving user. */
export function transferEmailAccount(transport: Transport, body: PasswordlessTransferBody): Promise<UserDto> {
  return transport.request(passwordlessTransferRoute, { body, auth: true })
}

export function transferPhoneAccount(transport: Transport, body: SmsTransferBody): Promise<UserDto> {
  return transport.request(smsTransferRoute, { body, auth: true })
}

export function transferOAuthAccount(transport: Transport, body: OAuthTransferBody): Promise<UserDto> {
  return transport.request(oauthTransferRoute, { body, auth: true })
}

export function transferFarcasterAccount(transport: Transport, body: FarcasterTransferBody): Promise<UserDto> {
  return transport.request(farcasterTransferRoute, { body, auth: true })
}

export function transferTelegramAccount(transport: Transport, body: NonceTransferBody): Promise<UserDto> {
  return transport.request(telegramTransferRoute, { body, auth: true })
}

export function transferWalletAccount(transport: Transport, chain: 'ethereum' | 'solana', body: WalletTransferBody): Promise<UserDto> {
  return transport.request(chain === 'ethereum' ? siweTransferRoute : siwsTransferRoute, { body, auth: true })
}
