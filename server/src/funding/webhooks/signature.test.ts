import { describe, expect, it } from 'vitest'
import { verifyCoinbaseWebhook } from '../coinbase/verify-webhook.js'
import { verifyMoonpayWebhook } from '../moonpay/verify-webhook.js'

/**
 * Known answers computed outside this code: the CDP (Hook0) vectors are Hook0's shared signature conformance vectors
 * (`clients/conformance/signature.json`), the MoonPay one `openssl dgst -sha256 -hmac`.
 */
const hook0 = {
  secret: 'a-subscription-secret',
  payload: Buffer.from('{"event":"user.created"}'),
  headers: { 'x-event-id': 'evt-1', 'x-delivery-id': 'dlv-1', 'content-type': 'application/json' } as Record<string, string>,
  atMs: 1_800_000_000_000,
}
const coinbase = (signature: string, headers = hook0.headers, atMs = hook0.atMs, payload = hook0.payload) =>
  verifyCoinbaseWebhook((name) => (name === 'x-hook0-signature' ? signature : headers[name]), payload, hook0.secret, atMs)

describe('CDP webhook signatures (X-Hook0-Signature, v1)', () => {
  const v1 = 't=1800000000,h=x-event-id x-delivery-id,v1=19a6fb8f6581715b241a93af02a58611c3b0ac7b747a8d2a5b120ee418d0c347'

  it('accepts the v1 code over the time, the covered headers in the order named, and the body', () => {
    const verified = coinbase(v1)
    expect(verified.timestamp).toBe(1_800_000_000)
    expect([...verified.signedHeaders]).toEqual([
      ['x-event-id', 'evt-1'],
      ['x-delivery-id', 'dlv-1'],
    ])
    expect(coinbase('t=1800000000,h=x-delivery-id x-event-id,v1=bf5f4e5fe0c9143510ae192f983316a09ed392d0104d2ce0faa3d7bce3687acb').timestamp).toBe(
      1_800_000_000,
    )
  })

  it('refuses a code over other header order, header values or body, and a header the signature covers that did not arrive', () => {
    expect(() => coinbase('t=1800000000,h=x-delivery-id x-event-id,v1=19a6fb8f6581715b241a93af02a58611c3b0ac7b747a8d2a5b120ee418d0c347')).toThrow(
      expect.objectContaining({ status: 401 }),
    )
    expect(() => coinbase(v1, { ...hook0.headers, 'x-event-id': 'evt-2' })).toThrow(
      expect.objectContaining({ status: 401, message: 'Invalid webhook signature' }),
    )
    expect(() => coinbase(v1, hook0.headers, hook0.atMs, Buffer.from('{"event":"user.deleted"}'))).toThrow(expect.objectContaining({ status: 401 }))
    expect(() => coinbase('t=1800000000,h=x-event-id x-missing,v1=19a6fb8f6581715b241a93af02a58611c3b0ac7b747a8d2a5b120ee418d0c347')).toThrow(
      expect.objectContaining({ status: 401 }),
    )
  })

  it('refuses a valid signature outside five minutes either way (a replayed delivery)', () => {
    expect(coinbase(v1, hook0.headers, hook0.atMs + 300_000).timestamp).toBe(1_800_000_000)
    expect(() => coinbase(v1, hook0.headers, hook0.atMs + 301_000)).toThrow(expect.objectContaining({ status: 401, message: 'Webhook signature expired' }))
    expect(() => coinbase(v1, hook0.headers, hook0.atMs - 301_000)).toThrow(expect.objectContaining({ status: 401 }))
  })

  it('answers 400 to a missing or malformed signature, including the body-only v0 scheme, which cannot cover the event id', () => {
    expect(() => verifyCoinbaseWebhook(() => undefined, hook0.payload, hook0.secret, hook0.atMs)).toThrow(
      expect.objectContaining({ status: 400, message: 'Missing webhook signature' }),
    )
    expect(() => coinbase('t=1800000000,v0=d17d66b66fca89390c5b967c45e8928fc732db07a0aabe8167b1e98213081ffe')).toThrow(expect.objectContaining({ status: 400 }))
    expect(() => coinbase('t=1800000000,h=x-event-id x-delivery-id,v1=19a6fb8f6581715b241a93af02a58611c3b0ac7b747a8d2a5b120ee418d0c34z')).toThrow(
      expect.objectContaining({ status: 400 }),
    )
    expect(() => coinbase('h=x-event-id x-delivery-id,v1=19a6fb8f6581715b241a93af02a58611c3b0ac7b747a8d2a5b120ee418d0c347')).toThrow(
      expect.objectContaining({ status: 401 }),
    )
    expect(() => coinbase('garbage')).toThrow(expect.objectContaining({ status: 400 }))
  })
})

describe('MoonPay webhook signatures (Moonpay-Signature-V2)', () => {
  const key = 'wk_test_moonpay_webhook_key'
  const body = Buffer.from('{"type":"transaction_updated","data":{"id":"mp-1","status":"completed","externalTransactionId":"ext-1"}}')
  const signature = 't=1700000000,s=0c508f2aa8e661ff908aa5a33cce11a6031d100c285e5b9ced2adc2ad27cfeaa'

  it('accepts HMAC-SHA256 of `<t>.<body>` under the webhook key', () => {
    expect(verifyMoonpayWebhook(signature, body, key, 1_700_000_100_000).timestamp).toBe(1_700_000_000)
  })

  it('refuses a tampered body, another key, an altered time, a replay and a missing header', () => {
    expect(() => verifyMoonpayWebhook(signature, Buffer.from(body.toString().replace('completed', 'failed')), key, 1_700_000_000_000)).toThrow(
      expect.objectContaining({ status: 401 }),
    )
    expect(() => verifyMoonpayWebhook(signature, body, 'another-key', 1_700_000_000_000)).toThrow(expect.objectContaining({ status: 401 }))
    expect(() => verifyMoonpayWebhook(signature.replace('t=1700000000', 't=1700000001'), body, key, 1_700_000_000_000)).toThrow(
      expect.objectContaining({ status: 401 }),
    )
    expect(() => verifyMoonpayWebhook(signature, body, key, 1_700_000_000_000 + 3600_000)).toThrow(
      expect.objectContaining({ status: 401, message: 'Webhook signature expired' }),
    )
    expect(() => verifyMoonpayWebhook(undefined, body, key, 1_700_000_000_000)).toThrow(expect.objectContaining({ status: 400 }))
    expect(() => verifyMoonpayWebhook('t=1700000000', body, key, 1_700_000_000_000)).toThrow(expect.objectContaining({ status: 400 }))
  })
})
