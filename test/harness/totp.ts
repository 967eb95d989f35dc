/**
 * RFC 6238 TOTP for the tests (SHA-1, 6 digits, 30 s steps): the code an authenticator app shows for the setup key
 * the MFA screen displays. Our own code over node:crypto, independent of the server's implementation it checks.
 */
import { createHmac } from 'node:crypto'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
export const TOTP_STEP_SECONDS = 30

/** RFC 4648 base32 (the setup key's alphabet); padding, spaces and case are ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`Not a base32 character: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((value >>> bits) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** RFC 4226 HOTP of `counter` with `key`. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac('sha1', key).update(message).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The time step `at` (ms since the epoch) falls in. */
export const totpStep = (at: number = Date.now()): number => Math.floor(at / 1000 / TOTP_STEP_SECONDS)

/** The code for the base32 `secret` in time step `step` (default: now). */
export const totpCode = (secret: string, step: number = totpStep()): string => hotp(base32Decode(secret), step)

/**
 * The codes of one authenticator app: a code is good once per time step (the server refuses a replay), so each use
 * takes the first step after the last one used, waiting for the clock when that step is more than one ahead.
 */
export function authenticatorApp(secret: string) {
  let lastStep = -1
  return {
    async nextCode(): Promise<string> {
      const step = Math.max(totpStep(), lastStep + 1)
      // The server accepts one step of drift: a later step waits for the clock.
      while (step > totpStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500))
      lastStep = step
      return totpCode(secret, step)
    },
    /** A code no step near now accepts. */
    wrongCode(): string {
      const near = [-1, 0, 1, 2].map((offset) => totpCode(secret, totpStep() + offset))
      for (let candidate = 0; ; candidate++) {
        const code = String(candidate).padStart(6, '0')
        if (!near.includes(code)) return code
      }
    },
  }
}
