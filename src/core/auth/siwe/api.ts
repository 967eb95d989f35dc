import type {
  AuthenticatedUserDto,
  SiweAuthenticateBody,
  SiweLinkBody,
  UserDto,
  WalletInitBody,
  WalletNonceDto,
  WalletTransferBody,
  WalletUnlinkBody,
} from '../../../protocol/index.js'
import { siweAuthenticateRoute, siweInitRoute, siweLinkRoute, siweTransferRoute, siweUnlinkRoute } from '../../../protocol/routes/siwe.js'
import type { Transport } from '../../api/transport.js'

/** A single-use nonce bound to the address; `token` carries the CAPTCHA token. */
export function initSiwe(transport: Transport, body: WalletInitBody): Promise<WalletNonceDto> {
  return transport.request(siweInitRoute, { body })
}

export function authenticateSiwe(transport: Transport, body: SiweAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(siweAuthenticateRoute, { body })
}

export function linkSiwe(transport: Transport, body: SiweLinkBody): Promise<UserDto> {
  return transport.request(siweLinkRoute, { body, auth: true })
}

export function unlinkSiwe(transport: Transport, body: WalletUnlinkBody): Promise<UserDto> {
  return transport.request(siweUnlinkRoute, { body, auth: true })
}

/** Account transfer (wallet spec, "The calls it makes"): the wallet moves to the signed-in user. */
export function transferSiwe(transport: Transport, body: WalletTransferBody): Promise<UserDto> {
  return transport.request(siweTransferRoute, { body, auth: true })
}
