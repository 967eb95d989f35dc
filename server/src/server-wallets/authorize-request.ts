import { createHash } from 'node:crypto'
import { p256 } from '@noble/curves/p256'
import { AUTHORIZATION_SIGNATURE_TTL_MS, authorizationPayload } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import { unauthorized } from './errors.js'
import { walletSessionSigners } from './session-signers.js'
import { parseP256PublicKey, verifyP256 } from './p256-key.js'
import type { ServerWalletRecord } from './store.js'
import { liveUserSigners } from './user-signers.js'

/**
 * What the request carried: its method, the signature and expiry headers, the URL it was sent to and its JSON body as
 * sent; `sessionId`: the session of the owner's access token sent along (verified), if one was.
 */
export interface SignedRequest {
  method: 'POST' | 'PATCH'
  signature: string | undefined
  expiry: string | undefined
  url: string
  body: unknown
  sessionId?: string
}

/** The keys that may have signed, the expiry the payload carries, and how long the request is remembered as used. */
interface RequestBound {
  keys: string[]
  expiresAt?: number
  rememberUntil: number
}

/** Who asks: the owner's signers sign for their wallet; with the app secret, the app's session signers the wallet has. */
export type Authority = 'owner' | 'app'

const notDelegated = () => new ApiError(403, 'user_has_not_delegated_wallet', 'The user has not delegated this wallet')
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** The expiry header: Unix ms, in the future and at most the TTL ahead (a far-future one would make a bearer credential). */
function checkedExpiry(expiry: string | undefined, now: number): number {
  const expiresAt = expiry !== undefined && /^\d{1,16}$/.test(expiry) ? Number(expiry) : NaN
  if (!Number.isSafeInteger(expiresAt) || expiresAt > now + AUTHORIZATION_SIGNATURE_TTL_MS) throw unauthorized('invalid')
  if (expiresAt <= now) throw unauthorized('expired')
  return expiresAt
}

async function signerKeys(db: Queryable, app: AppRecord, wallet: ServerWalletRecord, authority: Authority, now: number): Promise<string[]> {
  if (authority === 'owner') return (await liveUserSigners(db, app.id, wallet.userId, now)).map((signer) => signer.publicKey)
  const signers = walletSessionSigners(app, wallet)
  if (signers.length === 0) throw notDelegated()
  return signers.map((signer) => signer.publicKey)
}

/**
 * The reference clients sign no expiry. Such a request is taken only from the owner, with an access token of the
 * session its signer was registered for, and once: it is remembered until that session's longest life ends (a frame
 * key registered again for a later session cannot revive it there).
 */
async function requestBound(
  db: Queryable,
  app: AppRecord,
  wallet: ServerWalletRecord,
  authority: Authority,
  request: SignedRequest,
  now: number,
): Promise<RequestBound> {
  if (request.expiry !== undefined) {
    const expiresAt = checkedExpiry(request.expiry, now)
    return { keys: await signerKeys(db, app, wallet, authority, now), expiresAt, rememberUntil: expiresAt }
  }
  if (authority !== 'owner' || request.sessionId === undefined) throw unauthorized('sessionRequired')
  const signers = await liveUserSigners(db, app.id, wallet.userId, now, request.sessionId)
  return { keys: signers.map((signer) => signer.publicKey), rememberUntil: Math.max(now, ...signers.map((signer) => signer.sessionEndsAt)) }
}

/** A signature's r: the same for each encoding of one signature (DER or r‖s, s or n−s), so it names the signing. */
function signatureR(signature: Buffer): string {
  const r = signature.length === 64 ? p256.Signature.fromCompact(signature).r : p256.Signature.fromDER(signature).r
  return r.toString(16)
}

/** What marks the request used: the payload alone when it carries an expiry, else the payload and this signing's r. */
function replayKey(payload: string, signature: Buffer, bound: RequestBound): string {
  const hash = createHash('sha256').update(payload)
  if (bound.expiresAt === undefined) hash.update(`\n${signatureR(signature)}`)
  return hash.digest('base64url')
}

/**
 * Checks a server-managed wallet request's authorization signature (wallet spec, "Roles and permissions"): ECDSA P-256 over the canonical
 * payload of this very request (method, URL, body, app id, expiry) by one of the authority's live keys, unexpired, and
 * never seen before. The payload's hash is what is remembered: an ECDSA signature can be re-encoded (s or n−s, DER or
 * r‖s), the request it authorizes cannot. Every refusal is 401 `invalid_credentials`.
 */
export async function authorizeRequest(
  ctx: ServerContext,
  app: AppRecord,
  wallet: ServerWalletRecord,
  authority: Authority,
  request: SignedRequest,
): Promise<void> {
  if (!request.signature) throw unauthorized('missing')
  const now = ctx.clock.now()
  const bound = await requestBound(ctx.db, app, wallet, authority, request, now)
  if (request.signature.length > 200 || !BASE64.test(request.signature)) throw unauthorized('invalid')
  const payload = authorizationPayload({ method: request.method, url: request.url, body: request.body, appId: app.id, expiresAt: bound.expiresAt })
  const signature = Buffer.from(request.signature, 'base64')
  const keys = bound.keys.map(parseP256PublicKey)
  if (!keys.some((key) => key !== null && verifyP256(key, payload, signature))) throw unauthorized('invalid')
  const used = await ctx.db.query(
    'INSERT INTO used_authorization_signatures (signature_hash, expires_at) VALUES ($1, $2) ON CONFLICT (signature_hash) DO NOTHING RETURNING 1',
    [replayKey(payload, signature, bound), bound.rememberUntil],
  )
  if (used.length === 0) throw unauthorized('used')
}
