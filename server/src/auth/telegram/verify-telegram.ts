import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../clock.js'
import { ApiError } from '../../http/api-error.js'
import type { VerifiedAccount } from '../shared/verified-account.js'

/** What Telegram signed: every field as received, `hash` included. Numbers (id, auth_date) arrive as JSON numbers. */
export type TelegramSignedData = Record<string, string | number | null | undefined>

/** Telegram's documented limit is the app's choice; a day matches the reference behaviour (docs/security.md #29). */
const MAX_AGE_SECONDS = 24 * 60 * 60
/** Clocks differ a little; an `auth_date` further in the future than this is forged or broken. */
const FUTURE_SKEW_SECONDS = 60
const HEX_SHA256 = /^[0-9a-f]{64}$/i
const FIELD_NAME = /^[a-z0-9_]{1,64}$/i

const invalidTelegramData = () => new ApiError(400, 'invalid_credentials', 'Invalid Telegram authentication data')

interface TelegramUser {
  id: string
  first_name: string | null
  last_name: string | null
  username: string | null
  photo_url: string | null
}

/** Login Widget result: secret = SHA-256(bot token) (core.telegram.org/widgets/login#checking-authorization). */
export function verifyLoginWidget(data: TelegramSignedData, botToken: string, clock: Clock): VerifiedAccount {
  const secret = createHash('sha256').update(botToken).digest()
  const fields = verifySignedFields(data, secret, clock)
  return telegramAccount(userOf(fields))
}

/** Mini App `initData`: secret = HMAC-SHA256(key "WebAppData", bot token); the user is JSON in the `user` field. */
export function verifyWebAppData(data: TelegramSignedData, botToken: string, clock: Clock): VerifiedAccount {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const fields = verifySignedFields(data, secret, clock)
  let user: unknown
  try {
    user = JSON.parse(fields.get('user') ?? '')
  } catch {
    throw invalidTelegramData()
  }
  if (typeof user !== 'object' || user === null) throw invalidTelegramData()
  return telegramAccount(userOf(new Map(Object.entries(user).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]))))
}

/** Checks the HMAC over the data-check-string (sorted `key=value` lines, `hash` left out), then `auth_date`. */
function verifySignedFields(data: TelegramSignedData, secret: Buffer, clock: Clock): Map<string, string> {
  const fields = new Map<string, string>()
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue
    // Lines are the field separator: a key or value holding one could shift fields between lines of a signed string.
    if (!FIELD_NAME.test(key) || String(value).includes('\n')) throw invalidTelegramData()
    fields.set(key, String(value))
  }
  const hash = fields.get('hash')
  if (!hash || !HEX_SHA256.test(hash)) throw invalidTelegramData()
  fields.delete('hash')
  const dataCheckString = [...fields.keys()]
    .sort()
    .map((key) => `${key}=${fields.get(key)}`)
    .join('\n')
  const expected = createHmac('sha256', secret).update(dataCheckString).digest()
  // Constant time: a byte-by-byte compare would let a caller find a valid hash one byte at a time.
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw invalidTelegramData()

  const authDate = Number(fields.get('auth_date'))
  const nowSeconds = Math.floor(clock.now() / 1000)
  if (!Number.isSafeInteger(authDate) || nowSeconds - authDate > MAX_AGE_SECONDS || authDate - nowSeconds > FUTURE_SKEW_SECONDS) {
    throw new ApiError(400, 'invalid_credentials', 'Telegram authentication data has expired')
  }
  return fields
}

/** The profile fields Telegram sends; the id must be a positive integer. */
function userOf(fields: Map<string, unknown>): TelegramUser {
  const id = fields.get('id')
  if (typeof id !== 'string' || !/^[1-9]\d{0,19}$/.test(id)) throw invalidTelegramData()
  const text = (key: string) => {
    const value = fields.get(key)
    return typeof value === 'string' && value !== '' ? value : null
  }
  return { id, first_name: text('first_name'), last_name: text('last_name'), username: text('username'), photo_url: text('photo_url') }
}

/** Keyed by the Telegram user id (as a string); the profile rides along as wire details. */
function telegramAccount(user: TelegramUser): VerifiedAccount {
  const { id, ...details } = user
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ')
  return {
    type: 'telegram',
    key: id,
    details,
    allowlistIdentifiers: [],
    displayName: user.username ? `@${user.username}` : name || id,
  }
}
