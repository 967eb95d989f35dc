import { assertHmacHex, freshTimestamp, invalidSignature, signatureParts } from '../webhooks/signature.js'

export const COINBASE_SIGNATURE_HEADER = 'x-hook0-signature'

/** The delivery's event id when the signature covers it: CDP's `X-Hook0-Id` (its docs' example), or Hook0's `X-Event-Id`. */
export const coinbaseEventId = (signedHeaders: Map<string, string>) => signedHeaders.get('x-hook0-id') ?? signedHeaders.get('x-event-id')

/**
 * Verifies a CDP webhook delivery (`X-Hook0-Signature: t=<unix>,h=<header names>,v1=<hex>`): HMAC-SHA256 under the
 * subscription secret of `<t>.<names space-separated>.<their values joined by '.'>.<raw body>`, where every named
 * header must have been delivered; `t` within the tolerance. Answers the signed headers' values by lowercase name.
 */
export function verifyCoinbaseWebhook(
  header: (name: string) => string | undefined,
  body: Buffer,
  secret: string,
  nowMs: number,
): { timestamp: number; signedHeaders: Map<string, string> } {
  const parts = signatureParts(header(COINBASE_SIGNATURE_HEADER))
  const names = (parts.get('h') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((name) => name.toLowerCase())
  const signedHeaders = new Map<string, string>()
  for (const name of names) {
    const value = header(name)
    // Signing over a header that did not arrive would let a sender drop it and keep the signature.
    if (value === undefined) throw invalidSignature()
    signedHeaders.set(name, value)
  }
  const prefix = `${parts.get('t') ?? ''}.${names.join(' ')}.${[...signedHeaders.values()].join('.')}.`
  assertHmacHex(secret, Buffer.concat([Buffer.from(prefix), body]), parts.get('v1'))
  return { timestamp: freshTimestamp(parts, nowMs), signedHeaders }
}
