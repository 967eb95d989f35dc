import { hmac } from '@noble/hashes/hmac.js'
import { sha1 } from '@noble/hashes/legacy.js'

/** RFC 6238 as authenticator apps use it: HMAC-SHA1, 6 digits, 30 s steps from the Unix epoch. */
export const TOTP_STEP_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps of clock drift accepted either side of the server's (docs/security.md #50: ±1 only). */
const DRIFT_STEPS = 1

export const totpStep = (timeMs: number): number => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS)

/** The RFC 4226 HOTP value of `secret` at `counter`, `digits` long (RFC 6238 is HOTP over the time step). */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = new Uint8Array(8)
  new DataView(message.buffer).setBigUint64(0, BigInt(counter))
  const mac = hmac(sha1, secret, message)
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
  return String(binary % 10 ** digits).padStart(digits, '0')
}

export const totpCode = (secret: Uint8Array, timeMs: number, digits = TOTP_DIGITS): string => hotp(secret, totpStep(timeMs), digits)

/** The step `code` is valid for at server time `timeMs` (within ±1 step), or null. Every candidate is computed, so timing says nothing of which matched. */
export function matchTotpStep(secret: Uint8Array, code: string, timeMs: number): number | null {
  const now = totpStep(timeMs)
  let matched: number | null = null
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (constantTimeEqual(hotp(secret, step), code) && matched === null) matched = step
  }
  return matched
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
