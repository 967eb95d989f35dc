import { createHmac, randomBytes } from 'node:crypto'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'

/** How long a channel (or a v2 nonce) waits for the Farcaster app's signature and the client's authenticate call. */
export const FARCASTER_CHANNEL_TTL_MS = 5 * 60 * 1000

/** What the Farcaster app tells the relay about the signer besides the signature (claims, shown but not trusted for identity). */
export interface FarcasterProfile {
  username?: string | null
  display_name?: string | null
  bio?: string | null
  pfp_url?: string | null
}

/** A channel as stored: the SIWF parameters the client's app asked for, and what the Farcaster app posted. */
export interface FarcasterChannel {
  nonce: string
  domain: string
  /** Null for a v2 nonce: the message URI then only has to be one of the app's origins. */
  siweUri: string | null
  expiresAt: number
  completed: { message: string; signature: string; fid: number; profile: FarcasterProfile } | null
}

interface ChannelRow {
  nonce: string
  domain: string
  siwe_uri: string | null
  expires_at: string | number
  message: string | null
  signature: string | null
  fid: string | number | null
  profile: FarcasterProfile | null
}

/** Channel tokens are bearer secrets: only their HMAC is stored. */
const hashToken = (ctx: Pick<ServerContext, 'secret'>, token: string) =>
  createHmac('sha256', ctx.secret).update(`farcaster-channel:${token}`).digest('base64url')

export const invalidFarcasterCredentials = (detail: string) => new ApiError(400, 'invalid_credentials', detail)

/** Opens a channel for one sign-in: a secret channel token (for polling and the relay post) and the SIWF nonce. */
export async function createChannel(ctx: ServerContext, appId: string, domain: string, siweUri: string | null) {
  const channelToken = randomBytes(32).toString('base64url')
  const nonce = randomBytes(16).toString('hex')
  const now = ctx.clock.now()
  const expiresAt = now + FARCASTER_CHANNEL_TTL_MS
  await ctx.db.query('DELETE FROM farcaster_channels WHERE expires_at <= $1', [now])
  await ctx.db.query('INSERT INTO farcaster_channels (token_hash, app_id, nonce, domain, siwe_uri, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    hashToken(ctx, channelToken),
    appId,
    nonce,
    domain,
    siweUri,
    expiresAt,
  ])
  return { channelToken, nonce, expiresAt }
}

const toChannel = (row: ChannelRow): FarcasterChannel => ({
  nonce: row.nonce,
  domain: row.domain,
  siweUri: row.siwe_uri,
  expiresAt: Number(row.expires_at),
  completed:
    row.message !== null && row.signature !== null && row.fid !== null
      ? { message: row.message, signature: row.signature, fid: Number(row.fid), profile: row.profile ?? {} }
      : null,
})

const channelColumns = 'nonce, domain, siwe_uri, expires_at, message, signature, fid, profile'

/** A live, unused channel of this app by token (or, for v2, by nonce); anything else → 400 invalid_credentials. */
export async function findOpenChannel(ctx: ServerContext, appId: string, by: { channelToken: string } | { nonce: string }): Promise<FarcasterChannel> {
  const [column, value] = 'channelToken' in by ? ['token_hash', hashToken(ctx, by.channelToken)] : ['nonce', by.nonce]
  const [row] = await ctx.db.query<ChannelRow>(
    `SELECT ${channelColumns} FROM farcaster_channels WHERE ${column} = $1 AND app_id = $2 AND consumed_at IS NULL AND expires_at > $3`,
    [value, appId, ctx.clock.now()],
  )
  if (!row) throw invalidFarcasterCredentials('Unknown, expired or already used Farcaster channel')
  return toChannel(row)
}

/** The relay side: the Farcaster app hands in the signed message once; a completed, used or expired channel refuses it. */
export async function completeChannel(
  ctx: ServerContext,
  channelToken: string,
  result: { message: string; signature: string; fid: number; profile: FarcasterProfile },
  messageNonce: string | undefined,
): Promise<void> {
  const rows = await ctx.db.query(
    `UPDATE farcaster_channels SET message = $1, signature = $2, fid = $3, profile = $4, completed_at = $5
     WHERE token_hash = $6 AND nonce = $7 AND completed_at IS NULL AND consumed_at IS NULL AND expires_at > $5 AND siwe_uri IS NOT NULL
     RETURNING nonce`,
    [result.message, result.signature, result.fid, JSON.stringify(result.profile), ctx.clock.now(), hashToken(ctx, channelToken), messageNonce ?? ''],
  )
  if (rows.length !== 1) throw invalidFarcasterCredentials('Unknown, expired or completed channel, or a message for another nonce')
}

/** Uses the channel up in one statement, so of parallel authenticate calls exactly one wins (single use). */
export async function consumeChannel(ctx: ServerContext, appId: string, nonce: string): Promise<void> {
  const now = ctx.clock.now()
  const rows = await ctx.db.query(
    'UPDATE farcaster_channels SET consumed_at = $1 WHERE nonce = $2 AND app_id = $3 AND consumed_at IS NULL AND expires_at > $1 RETURNING nonce',
    [now, nonce, appId],
  )
  if (rows.length !== 1) throw invalidFarcasterCredentials('Unknown, expired or already used Farcaster channel')
}
