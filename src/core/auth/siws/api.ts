import type {
  AuthenticatedUserDto,
  SiwsAuthenticateBody,
  SiwsLinkBody,
  UserDto,
  WalletInitBody,
  WalletNonceDto,
  WalletTransferBody,
  WalletUnlinkBody,
} from '../../../protocol/index.js'
import { siwsAuthenticateRoute, siwsInitRoute, siwsLinkRoute, siwsTransferRoute, siwsUnlinkRoute } from '../../../protocol/routes/siws.js'
import type { Transport } from '../../api/transport.js'

/** A single-use nonce bound to the address; `token` carries the CAPTCHA token. */
export function initSiws(transport: Transport, body: WalletInitBody): Promise<WalletNonceDto> {
  return transport.request(siwsInitRoute, { body })
}

export function authenticateSiws(transport: Transport, body: SiwsAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(siwsAuthenticateRoute, { body })
}

export function linkSiws(transport: Transport, body: SiwsLinkBody): Promise<UserDto> {
  return transport.request(siwsLinkRoute, { body, auth: true })
}

export function unlinkSiws(transport: Transport, body: WalletUnlinkBody): Promise<UserDto> {
  return transport.request(siwsUnlinkRoute, { body, auth: true })
}

/** Account transfer (wallet spec, "The calls it makes"): the wallet moves to the signed-in user. */
export function transferSiws(transport: Transport, body: WalletTransferBody): Promise<UserDto> {
  return transport.request(siwsTransferRoute, { body, auth: true })
}
