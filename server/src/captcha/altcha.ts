import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { createChallenge, extractParams } from 'altcha-lib/v1'
import { z } from 'zod'
import type { CaptchaChallengeDto } from '../../../src/protocol/index.js'
import type { CaptchaSettings } from '../apps/types.js'
import type { ServerContext } from '../context.js'

/** Production cost: about a second of hashing in a browser on an ordinary device. */
export const DEFAULT_ALTCHA_MAX_NUMBER = 50_000
/** How long a challenge may be solved and redeemed. */
export const ALTCHA_CHALLENGE_TTL_SECONDS = 600

/** Each app signs its challenges with its own key, so a solution for one app is worthless at another. */
const hmacKey = (ctx: ServerContext, appId: string) => createHmac('sha256', ctx.secret).update(`altcha:${appId}`).digest('hex')

/** A fresh ALTCHA challenge; its salt carries the expiry (`?expires=<unix seconds>&`) under the signature. */
export async function createAltchaChallenge(ctx: ServerContext, appId: string, settings: CaptchaSettings): Promise<CaptchaChallengeDto> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: hmacKey(ctx, appId),
    maxnumber: settings.altchaMaxNumber ?? DEFAULT_ALTCHA_MAX_NUMBER,
    expires: new Date(ctx.clock.now() + ALTCHA_CHALLENGE_TTL_SECONDS * 1000),
  })
  return {
    algorithm: 'SHA-256',
    challenge: challenge.challenge,
    maxnumber: challenge.maxnumber ?? DEFAULT_ALTCHA_MAX_NUMBER,
    salt: challenge.salt,
    signature: challenge.signature,
  }
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/)
const payloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: hex64,
  number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(200),
  signature: hex64,
})

/** The widget's token: base64 of the JSON payload `{algorithm, challenge, number, salt, signature}`. */
function decodeToken(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** True for a solved, unexpired challenge this server signed for `appId`, the first time it is presented. */
export async function verifyAltchaToken(ctx: ServerContext, appId: string, token: string): Promise<boolean> {
  const payload = decodeToken(token)
  if (!payload) return false
  const expected = await createChallenge({ algorithm: 'SHA-256', hmacKey: hmacKey(ctx, appId), number: payload.number, salt: payload.salt })
  if (!sameHex(expected.challenge, payload.challenge) || !sameHex(expected.signature, payload.signature)) return false
  const expiresAt = Number(extractParams(payload).expires) * 1000
  const now = ctx.clock.now()
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return false
  // Single use: the first redemption records the signature until the challenge would have expired anyway.
  await ctx.db.query('DELETE FROM captcha_solutions WHERE expires_at <= $1', [now])
  const claimed = await ctx.db.query(
    'INSERT INTO captcha_solutions (signature_hash, app_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (signature_hash) DO NOTHING RETURNING signature_hash',
    [createHash('sha256').update(payload.signature).digest('hex'), appId, expiresAt],
  )
  return claimed.length === 1
}
