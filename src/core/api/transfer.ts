import { routes, type FarcasterTransferBody, type WalletTransferBody, type OAuthTransferBody, type PasswordlessTransferBody, type SmsTransferBody, type UserDto } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** Account transfer (document 2 §7): one POST per account type, each answering with the receiving user. */
export function transferEmailAccount(transport: Transport, body: PasswordlessTransferBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.passwordlessTransfer, { body, auth: true })
}

export function transferPhoneAccount(transport: Transport, body: SmsTransferBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.smsTransfer, { body, auth: true })
}

export function transferOAuthAccount(transport: Transport, body: OAuthTransferBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.oauthTransfer, { body, auth: true })
}

export function transferFarcasterAccount(transport: Transport, body: FarcasterTransferBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.farcasterTransfer, { body, auth: true })
}

export function transferTelegramAccount(transport: Transport, body: { nonce: string }): Promise<UserDto> {
  return transport.request<UserDto>(routes.telegramTransfer, { body, auth: true })
}

export function transferWalletAccount(transport: Transport, chain: 'ethereum' | 'solana', body: WalletTransferBody): Promise<UserDto> {
  return transport.request<UserDto>(chain === 'ethereum' ? routes.siweTransfer : routes.siwsTransfer, { body, auth: true })
}
