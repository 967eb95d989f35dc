import { describe, expect, it } from 'vitest'
import { OAUTH_STATE_BYTES } from '../../../protocol/index.js'
import { base64UrlEncode, codeChallengeS256, randomOAuthSecret } from './pkce.js'

describe('OAuth state and PKCE', () => {
  it('makes state codes and verifiers of 36 random bytes, base64url without padding', () => {
    const secrets = Array.from({ length: 20 }, randomOAuthSecret)
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{48}$/)
      expect(Buffer.from(secret, 'base64url')).toHaveLength(OAUTH_STATE_BYTES)
    }
    expect(new Set(secrets).size).toBe(secrets.length)
  })

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
  })

  it('encodes the bytes that need the URL-safe alphabet', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-')
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ')
  })
})
