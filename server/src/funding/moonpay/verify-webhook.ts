import { assertHmacHex, freshTimestamp, signatureParts } from '../webhooks/signature.js'

export const MOONPAY_SIGNATURE_HEADER = 'moonpay-signature-v2'

/** Verifies a MoonPay webhook (`Moonpay-Signature-V2: t=<unix>,s=<hex>`): HMAC-SHA256 of `<t>.<raw body>` under the webhook key, `t` within the tolerance. */
export function verifyMoonpayWebhook(header: string | undefined, body: Buffer, webhookKey: string, nowMs: number): { timestamp: number } {
  const parts = signatureParts(header)
  assertHmacHex(webhookKey, Buffer.concat([Buffer.from(`${parts.get('t') ?? ''}.`), body]), parts.get('s'))
  return { timestamp: freshTimestamp(parts, nowMs) }
}
