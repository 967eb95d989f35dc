/** Farcaster and its signer. */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, UserDto, LinkedAccountBase } from '../dto.js'
import { get, post } from './route.js'

/** `relying_party` names the page's origin (or host); `redirect_url` becomes the message URI (one of the app's origins). */
export interface FarcasterInitBody {
  relying_party?: string
  redirect_url?: string
  token?: string
}
export interface FarcasterInitResponse {
  channel_token: string
  connect_uri: string
}
/** The relay's answer to a status poll: `completed` once the Farcaster app has signed. */
export type FarcasterStatusResponse =
  | { state: 'pending'; nonce: string }
  | {
      state: 'completed'
      nonce: string
      message: string
      signature: string
      fid: number
      username?: string | null
      display_name?: string | null
      bio?: string | null
      pfp_url?: string | null
    }
export interface FarcasterAuthenticateBody {
  channel_token: string
  message: string
  signature: string
  fid: number
  mode?: AuthMode
}
export type FarcasterLinkBody = Omit<FarcasterAuthenticateBody, 'mode'>
export interface FarcasterUnlinkBody {
  fid: number
}
/** The nonce names the offered account; `farcaster_id` and `farcaster_embedded_address` are informational. */
export interface FarcasterTransferBody {
  nonce: string
  farcaster_id?: number
  farcaster_embedded_address?: string
}
export interface FarcasterV2InitBody {
  token?: string
}
export interface FarcasterV2InitResponse {
  nonce: string
  expires_at: string
}
export interface FarcasterV2AuthenticateBody {
  message: string
  signature: string
  fid: number
  mode?: AuthMode
}
/** What the Farcaster app posts to the relay once the user has signed (`Authorization: Bearer <channel token>`). */
export type FarcasterRelayBody = Omit<Extract<FarcasterStatusResponse, { state: 'completed' }>, 'state' | 'nonce'>
/** Farcaster signer: the ed25519 public key as 0x-prefixed hex of its 32 bytes (the reference API's form). */
export interface FarcasterSignerInitBody {
  ed25519_public_key: string
}
/** The key's state on the KeyRegistry for the user's fid; `pending_approval` from init carries the Farcaster app link that approves it. */
export type FarcasterSignerStatusResponse =
  | { status: 'pending_approval'; public_key: string; signer_approval_url?: string }
  | { status: 'approved' | 'revoked'; public_key: string; fid: number }
export type FarcasterSignerInitResponse = FarcasterSignerStatusResponse

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

export interface FarcasterAccountDto extends LinkedAccountBase {
  type: 'farcaster'
  fid: number
  owner_address: string
  display_name?: string | null
  username?: string | null
  bio?: string | null
  profile_picture_url?: string | null
  homepage_url?: string | null
  signer_public_key?: string | null
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    farcaster: FarcasterAccountDto
  }
  interface AppConfigDto {
    farcaster_auth: boolean
  }
}
