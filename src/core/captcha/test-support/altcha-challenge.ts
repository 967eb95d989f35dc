/** ALTCHA challenges built with node:crypto the way the server makes them (salt with expiry, HMAC signature). */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { CaptchaChallengeDto } from '../../../protocol/index.js'

export const TEST_HMAC_KEY = 'test-hmac-key'

export function altchaChallenge(options: { number: number; maxnumber: number; expiresInSeconds?: number }): CaptchaChallengeDto {
  const expires = Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 600)
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}&`
  const challenge = createHash('sha256')
    .update(salt + options.number)
    .digest('hex')
  const signature = createHmac('sha256', TEST_HMAC_KEY).update(challenge).digest('hex')
  return { algorithm: 'SHA-256', challenge, maxnumber: options.maxnumber, salt, signature }
}
