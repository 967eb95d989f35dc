/** Farcaster and its signer. */
import type { AuthenticatedUserDto, FarcasterAuthenticateBody, FarcasterInitBody, FarcasterInitResponse, FarcasterLinkBody, FarcasterSignerInitBody, FarcasterSignerInitResponse, FarcasterSignerStatusResponse, FarcasterStatusResponse, FarcasterTransferBody, FarcasterUnlinkBody, FarcasterV2AuthenticateBody, FarcasterRelayBody, FarcasterV2InitBody, FarcasterV2InitResponse, UserDto } from '../dto.js'
import { get, post } from './route.js'

export const farcasterInitRoute = post<FarcasterInitBody, FarcasterInitResponse>('/api/v1/farcaster/init')
/** Polled with the channel token in the `farcaster-channel-token` header. */
export const farcasterStatusRoute = get<FarcasterStatusResponse>('/api/v1/farcaster/status')
export const farcasterAuthenticateRoute = post<FarcasterAuthenticateBody, AuthenticatedUserDto>('/api/v1/farcaster/authenticate')
export const farcasterLinkRoute = post<FarcasterLinkBody, UserDto>('/api/v1/farcaster/link')
export const farcasterUnlinkRoute = post<FarcasterUnlinkBody, UserDto>('/api/v1/farcaster/unlink')
export const farcasterTransferRoute = post<FarcasterTransferBody, UserDto>('/api/v1/farcaster/transfer')
export const farcasterV2InitRoute = post<FarcasterV2InitBody, FarcasterV2InitResponse>('/api/v1/farcaster/v2/init')
export const farcasterV2AuthenticateRoute = post<FarcasterV2AuthenticateBody, AuthenticatedUserDto>('/api/v1/farcaster/v2/authenticate')
/** The relay endpoint the Farcaster app posts the signed message to (`Authorization: Bearer <channel token>`); never called by the client. */
export const farcasterChannelAuthenticateRoute = post<FarcasterRelayBody, { state: 'completed' }>('/api/v1/farcaster/channel/authenticate')
/** Farcaster signer (wallet spec, "The calls it makes"): asks the user's Farcaster account to add an ed25519 key, then reads its state. */
export const farcasterSignerInitRoute = post<FarcasterSignerInitBody, FarcasterSignerInitResponse>('/api/v1/farcaster/signer/init')
export const farcasterSignerStatusRoute = post<FarcasterSignerInitBody, FarcasterSignerStatusResponse>('/api/v1/farcaster/signer/status')
