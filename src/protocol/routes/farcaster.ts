/** Farcaster and its signer. */
import { get, post } from './route.js'

export const farcasterInitRoute = post('/api/v1/farcaster/init')
/** Polled with the channel token in the `farcaster-channel-token` header. */
export const farcasterStatusRoute = get('/api/v1/farcaster/status')
export const farcasterAuthenticateRoute = post('/api/v1/farcaster/authenticate')
export const farcasterLinkRoute = post('/api/v1/farcaster/link')
export const farcasterUnlinkRoute = post('/api/v1/farcaster/unlink')
export const farcasterTransferRoute = post('/api/v1/farcaster/transfer')
export const farcasterV2InitRoute = post('/api/v1/farcaster/v2/init')
export const farcasterV2AuthenticateRoute = post('/api/v1/farcaster/v2/authenticate')
/** The relay endpoint the Farcaster app posts the signed message to (`Authorization: Bearer <channel token>`); never called by the client. */
export const farcasterChannelAuthenticateRoute = post('/api/v1/farcaster/channel/authenticate')
/** Farcaster signer (wallet spec, "The calls it makes"): asks the user's Farcaster account to add an ed25519 key, then reads its state. */
export const farcasterSignerInitRoute = post('/api/v1/farcaster/signer/init')
export const farcasterSignerStatusRoute = post('/api/v1/farcaster/signer/status')
