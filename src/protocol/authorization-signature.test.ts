import { describe, expect, it } from 'vitest'
import { authorizationPayload } from './authorization-signature.js'

describe('authorizationPayload', () => {
  it('puts the request in RFC 8785 form: sorted keys, no whitespace, the expiry as a string header', () => {
    const payload = authorizationPayload({
      method: 'POST',
      url: 'https://api.test/api/v1/wallets/w1/rpc',
      body: { params: { b: 1, a: 'x' }, method: 'personal_sign' },
      appId: 'app',
      expiresAt: 1_700_000_000_000,
    })
    expect(payload).toBe(
      '{"body":{"method":"personal_sign","params":{"a":"x","b":1}},"headers":{"privy-app-id":"app","privy-request-expiry":"1700000000000"},"method":"POST","url":"https://api.test/api/v1/wallets/w1/rpc","version":1}',
    )
  })

  it('gives the same bytes whatever the order the body was built in', () => {
    const base = { method: 'POST' as const, url: 'u', appId: 'a', expiresAt: 1 }
    expect(authorizationPayload({ ...base, body: { x: 1, y: [2, { d: 1, c: 2 }] } })).toBe(
      authorizationPayload({ ...base, body: { y: [2, { c: 2, d: 1 }], x: 1 } }),
    )
  })
})
