import { createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError, invalidData } from '../../http/api-error.js'

/** How far a delivery's signed time may sit from ours, either way: an older delivery is a replay and is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const invalidSignature = () => new ApiError(401, 'invalid_credentials', 'Invalid webhook signature')

/** The `name=value` parts of a signature header (`t=...,v1=...`), split at each part's first '='; 400 without the header. */
export function signatureParts(header: string | undefined): Map<string, string> {
  if (!header) throw invalidData('Missing webhook signature')
  if (header.length > 4096) throw invalidData('Malformed webhook signature')
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const equals = part.indexOf('=')
    if (equals > 0) parts.set(part.slice(0, equals).trim(), part.slice(equals + 1).trim())
  }
  return parts
}

/** The signed time (`t`, unix seconds) of a signature, which must be within the tolerance of `nowMs`. */
export function freshTimestamp(parts: Map<string, string>, nowMs: number): number {
  const written = parts.get('t')
  if (!written || !/^\d{1,12}$/.test(written)) throw invalidData('Malformed webhook signature')
  const timestamp = Number(written)
  if (Math.abs(nowMs / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) throw new ApiError(401, 'invalid_credentials', 'Webhook signature expired')
  return timestamp
}

/** HMAC-SHA256 of `message` under `secret` equals the hex `signature`, compared in constant time; else 401. */
export function assertHmacHex(secret: string, message: Buffer, signature: string | undefined): void {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) throw invalidData('Malformed webhook signature')
  const expected = createHmac('sha256', secret).update(message).digest()
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw invalidSignature()
}
