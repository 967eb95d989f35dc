import { createHash, timingSafeEqual } from 'node:crypto'

/** App secrets are long random values (32+ characters), so a plain SHA-256 is enough to keep them out of the database. */
export const MIN_APP_SECRET_LENGTH = 32
const PREFIX = 'sha256:'

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest()

/** What the app store keeps of an app secret: its hash only. */
export function hashAppSecret(secret: string): string {
  if (secret.length < MIN_APP_SECRET_LENGTH) throw new Error(`app secret must be at least ${MIN_APP_SECRET_LENGTH} characters`)
  return `${PREFIX}${digest(secret).toString('base64url')}`
}

/** Constant-time check of a presented secret against the stored hash (a missing hash matches nothing). */
export function appSecretMatches(storedHash: string | null, presented: string): boolean {
  if (!storedHash?.startsWith(PREFIX)) return false
  const expected = Buffer.from(storedHash.slice(PREFIX.length), 'base64url')
  const actual = digest(presented)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
