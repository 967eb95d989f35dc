import { routes, type AuthenticatedUserDto, type SiweAuthenticateBody, type SiweLinkBody, type UserDto, type WalletInitBody, type WalletNonceDto, type WalletUnlinkBody } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'

/** A single-use nonce bound to the address; `token` carries the CAPTCHA token. */
export function initSiwe(transport: Transport, body: WalletInitBody): Promise<WalletNonceDto> {
  return transport.request<WalletNonceDto>(routes.siweInit, { body })
}

export function authenticateSiwe(transport: Transport, body: SiweAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request<AuthenticatedUserDto>(routes.siweAuthenticate, { body })
}

export function linkSiwe(transport: Transport, body: SiweLinkBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.siweLink, { body, auth: true })
}

export function unlinkSiwe(transport: Transport, body: WalletUnlinkBody): Promise<UserDto> {
  return transport.request<UserDto>(routes.siweUnlink, { body, auth: true })
}
