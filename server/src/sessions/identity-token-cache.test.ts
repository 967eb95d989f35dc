import { decodeJwt, generateKeyPair } from 'jose'
import { describe, expect, it } from 'vitest'
import type { UserDto } from '../../../src/protocol/index.js'
import { signIdentityToken } from './tokens.js'

const TTL = 3600

async function tokenContext(startMs: number) {
  const pair = await generateKeyPair('ES256')
  const clock = { nowMs: startMs, now: () => clock.nowMs }
  return {
    keys: { kid: 'k1', privateKey: pair.privateKey, publicKeys: new Map(), jwks: { keys: [] }, publicPem: '' },
    clock,
    issuer: 'tessera.test',
    accessTokenTtlSeconds: TTL,
  }
}

const user = (overrides: Partial<UserDto> = {}): UserDto =>
  ({ id: 'did:privy:u1', created_at: 1, linked_accounts: [], has_accepted_terms: false, is_guest: false, mfa_methods: [], ...overrides }) as UserDto

describe('identity tokens signed only when needed (issue 19)', () => {
  it('hands back the same token for unchanged claims while more than half its lifetime is left', async () => {
    const ctx = await tokenContext(1_000_000_000)
    const first = await signIdentityToken(ctx, 'app-1', user())
    ctx.clock.nowMs += (TTL / 2 - 1) * 1000
    expect(await signIdentityToken(ctx, 'app-1', user())).toBe(first)
  })

  it('signs anew once half the lifetime has passed, with a fresh expiry', async () => {
    const ctx = await tokenContext(1_000_000_000)
    const first = await signIdentityToken(ctx, 'app-1', user())
    ctx.clock.nowMs += (TTL / 2 + 1) * 1000
    const second = await signIdentityToken(ctx, 'app-1', user())
    expect(second).not.toBe(first)
    expect(decodeJwt(second).exp).toBe(Math.floor(ctx.clock.nowMs / 1000) + TTL)
  })

  it('signs anew when the claims change, for another app, and for another signing key', async () => {
    const ctx = await tokenContext(1_000_000_000)
    const first = await signIdentityToken(ctx, 'app-1', user())
    const linked = await signIdentityToken(ctx, 'app-1', user({ has_accepted_terms: true }))
    expect(linked).not.toBe(first)
    expect(decodeJwt(linked).has_accepted_terms).toBe(true)
    expect(decodeJwt(await signIdentityToken(ctx, 'app-2', user({ has_accepted_terms: true }))).aud).toBe('app-2')
    const rotated = { ...ctx, keys: { ...ctx.keys, kid: 'k2', privateKey: (await generateKeyPair('ES256')).privateKey } }
    expect(await signIdentityToken(rotated, 'app-1', user({ has_accepted_terms: true }))).not.toBe(linked)
  })
})
