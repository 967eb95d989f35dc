import { routes, type AuthenticatedUserDto, type SiwsAuthenticateBody, type SiwsLinkBody, type UserDto, type WalletInitBody, type WalletNonceDto, type WalletUnlinkBody } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'

/** A single-use nonce bound to the address; `token` carries the CAPTCHA token. */
export function initSiws(transport: Transport, body: WalletInitBody): Promise<WalletNonceDto> {
  return transport.request<WalletNonceDto>(routes.siwsInit, { body })
}

export function authenticateSiws(transport: Transport, body: SiwsAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request<AuthenticatedUserDto>(routes.siwsAuthenticate, { body })
}

export function linkSiws(transport: Transport, body: SiwsLinkBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.siwsLink, { body, auth: true })
}

export function unlinkSiws(transport: Transport, body: WalletUnlinkBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.siwsUnlink, { body, auth: true })
}
