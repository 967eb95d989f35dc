import {
  FARCASTER_CHANNEL_TOKEN_HEADER,
  type AuthenticatedUserDto,
  type FarcasterAuthenticateBody,
  type FarcasterInitBody,
  type FarcasterInitResponse,
  type FarcasterLinkBody,
  type FarcasterSignerInitBody,
  type FarcasterSignerInitResponse,
  type FarcasterSignerStatusResponse,
  type FarcasterStatusResponse,
  type FarcasterTransferBody,
  type FarcasterUnlinkBody,
  type UserDto,
} from '../../../protocol/index.js'
import {
  farcasterAuthenticateRoute,
  farcasterInitRoute,
  farcasterLinkRoute,
  farcasterSignerInitRoute,
  farcasterSignerStatusRoute,
  farcasterStatusRoute,
  farcasterTransferRoute,
  farcasterUnlinkRoute,
} from '../../../protocol/routes/farcaster.js'
import type { Transport } from '../../api/transport.js'
import type { AccountTransfer } from '../transfer/types.js'

/** Opens a relay channel: the connect URI for the Farcaster app and the token to poll it with. */
export function initFarcaster(transport: Transport, body: FarcasterInitBody): Promise<FarcasterInitResponse> {
  return transport.request(farcasterInitRoute, { body })
}

export function farcasterStatus(transport: Transport, channelToken: string, signal?: AbortSignal): Promise<FarcasterStatusResponse> {
  return transport.request(farcasterStatusRoute, { headers: { [FARCASTER_CHANNEL_TOKEN_HEADER]: channelToken }, signal })
}

export function authenticateFarcaster(transport: Transport, body: FarcasterAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(farcasterAuthenticateRoute, { body })
}

export function linkFarcaster(transport: Transport, body: FarcasterLinkBody): Promise<UserDto> {
  return transport.request(farcasterLinkRoute, { body, auth: true })
}

export function unlinkFarcaster(transport: Transport, body: FarcasterUnlinkBody): Promise<UserDto> {
  return transport.request(farcasterUnlinkRoute, { body, auth: true })
}

/** Asks for an ed25519 key to be added to the signed-in user's fid: its status, with the approval link while pending. */
export function initFarcasterSigner(transport: Transport, body: FarcasterSignerInitBody): Promise<FarcasterSignerInitResponse> {
  return transport.request(farcasterSignerInitRoute, { body, auth: true })
}

export function farcasterSignerStatus(transport: Transport, body: FarcasterSignerInitBody, signal?: AbortSignal): Promise<FarcasterSignerStatusResponse> {
  return transport.request(farcasterSignerStatusRoute, { body, auth: true, signal })
}

/** Account transfer (wallet spec, "The calls it makes"): the account moves to the signed-in user. */
export function transferAccount(transport: Transport, { nonce, account }: AccountTransfer): Promise<UserDto> {
  const body: FarcasterTransferBody = { nonce, farcaster_id: Number(account) }
  return transport.request(farcasterTransferRoute, { body, auth: true })
}
