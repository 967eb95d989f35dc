import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OAUTH_CODE_TTL_SECONDS, oauthReturnParams } from '../../../../src/protocol/index.js'
import { authorize, type ProviderAccount } from '../../../../test/harness/oidc-provider.js'
import { OAUTH_STATE_TTL_SECONDS } from './state-store.js'
import { clientPkce, REDIRECT_TO, startOAuthHarness, type OAuthHarness } from './test-support/oauth-harness.js'

let h: OAuthHarness
beforeAll(async () => {
  h = await startOAuthHarness()
})
afterAll(async () => {
  await h?.close()
})

let counter = 0
const account = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
  const n = `${++counter}-${Date.now()}`
  return { sub: `sec-${n}`, email: `sec-${n}@example.com`, email_verified: true, name: `Sec ${n}`, login: `sec-${n}`, ...overrides }
}

/** init and the provider leg, stopping before our callback: the URL the provider sends the browser to. */
async function providerReturn(provider: 'google' | 'github', who = account()) {
  const client = clientPkce()
  h.idp.signInAs(who)
  const init = await h.init(provider, client)
  expect(init.status).toBe(200)
  return { client, url: await authorize(init.body.url), authorizationUrl: new URL(init.body.url) }
}

const expectStateRejected = (answer: { status: number; location: URL | null; body: any }) => {
  expect(answer.status).toBe(400)
  expect(answer.location).toBeNull()
  expect(answer.body.code).toBe('oauth_state_mismatch')
}

const countOAuthCodes = async () => (await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_codes'))[0]!.n

describe('docs/security.md #11: the callback state', () => {
  it('rejects a callback without a state', async () => {
    const { url } = await providerReturn('google')
    url.searchParams.delete('state')
    expectStateRejected(await h.callback(url))
  })

  it('rejects an altered state', async () => {
    const { url } = await providerReturn('github')
    url.searchParams.set('state', `${url.searchParams.get('state')}x`)
    expectStateRejected(await h.callback(url))
  })

  it('rejects a replayed callback', async () => {
    const { url } = await providerReturn('google')
    expect((await h.callback(url)).status).toBe(302)
    const before = await countOAuthCodes()
    expectStateRejected(await h.callback(url))
    expect(await countOAuthCodes()).toBe(before)
  })

  it('rejects a state after its lifetime', async () => {
    const { url } = await providerReturn('google')
    h.t.clock.advance(OAUTH_STATE_TTL_SECONDS + 1)
    expectStateRejected(await h.callback(url))
  })

  it('binds the returned code to the browser that started the flow (its state code and verifier)', async () => {
    const flow = await h.startFlow('google', account())
    const otherBrowser = clientPkce()
    const wrongState = await h.authenticate(flow.code!, { ...flow.client, stateCode: otherBrowser.stateCode })
    expect(wrongState.status).toBe(400)
    expect(wrongState.body.code).toBe('oauth_state_mismatch')
    const wrongVerifier = await h.authenticate(flow.code!, { ...flow.client, verifier: otherBrowser.verifier })
    expect(wrongVerifier.status).toBe(400)
    expect(wrongVerifier.body.code).toBe('invalid_pkce_parameters')
    expect((await h.authenticate(flow.code!, flow.client)).status).toBe(200)
  })
})

describe('docs/security.md #12: PKCE', () => {
  it('sends the provider an S256 challenge of a 256-bit verifier, never plain', async () => {
    for (const provider of ['google', 'github'] as const) {
      const { authorizationUrl } = await providerReturn(provider)
      expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
      expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    }
    const verifiers = await h.t.db.query<{ v: string }>('SELECT provider_code_verifier AS v FROM oauth_states WHERE provider_code_verifier IS NOT NULL')
    for (const { v } of verifiers) expect(v).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
    expect(new Set(verifiers.map(({ v }) => v)).size).toBe(verifiers.length)
  })

  it('refuses a plain or malformed client challenge at init', async () => {
    const client = clientPkce()
    for (const extra of [{ code_challenge_method: 'plain' }, { code_challenge: client.verifier }, { code_challenge: 'abc' }]) {
      const response = await h.init('google', client, { extra })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_pkce_parameters')
    }
  })

  it('refuses verifiers outside 43-128 characters and a wrong verifier, without burning the code', async () => {
    const flow = await h.startFlow('github', account())
    for (const verifier of ['a'.repeat(42), 'a'.repeat(129), `${flow.client.verifier.slice(0, 45)}!`]) {
      const response = await h.authenticate(flow.code!, { ...flow.client, verifier })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_pkce_parameters')
    }
    const wrong = await h.authenticate(flow.code!, { ...flow.client, verifier: clientPkce().verifier })
    expect(wrong.body.code).toBe('invalid_pkce_parameters')
    expect((await h.authenticate(flow.code!, flow.client)).status).toBe(200)
  })
})

describe('docs/security.md #13: mix-up', () => {
  it("rejects a state minted for one provider at another provider's callback, and burns it", async () => {
    const { url } = await providerReturn('google')
    const atGithub = new URL(url)
    atGithub.pathname = atGithub.pathname.replace(/google$/, 'github')
    expectStateRejected(await h.callback(atGithub))
    expectStateRejected(await h.callback(url))
  })

  it("rejects a response whose iss is not the provider's issuer", async () => {
    const { url, client } = await providerReturn('google')
    expect(url.searchParams.get('iss')).toBe(h.idp.issuer)
    url.searchParams.set('iss', 'https://attacker.example')
    const before = await countOAuthCodes()
    const answer = await h.callback(url)
    expect(answer.status).toBe(302)
    expect(answer.location!.searchParams.get(oauthReturnParams.code)).toBeNull()
    expect(answer.location!.searchParams.get(oauthReturnParams.error)).toBe('invalid_credentials')
    expect(answer.location!.searchParams.get(oauthReturnParams.state)).toBe(client.stateCode)
    expect(await countOAuthCodes()).toBe(before)
  })
})

describe('docs/security.md #14: redirect_to is matched exactly', () => {
  it.each([
    ['prefix', `${REDIRECT_TO}/more`],
    ['suffix', `${REDIRECT_TO}x`],
    ['query', `${REDIRECT_TO}?next=https://evil.example`],
    ['subdomain', 'http://evil.allowed.test:3000/oauth/return'],
    ['userinfo', 'http://allowed.test:3000@evil.example/oauth/return'],
    ['dot segments', 'http://allowed.test:3000/x/../oauth/return'],
    ['encoded slash', 'http://allowed.test:3000/oauth%2Freturn'],
    ['other scheme', 'https://allowed.test:3000/oauth/return'],
    ['unicode look-alike', 'http://аllowed.test:3000/oauth/return'],
    ['other port', 'http://allowed.test:3001/oauth/return'],
  ])('refuses a %s variant with 400 invalid_data', async (_, redirectTo) => {
    const response = await h.init('google', clientPkce(), { redirectTo })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_data')
  })

  it('accepts any port for a :* entry', async () => {
    const app = await h.createApp({ name: 'Any port', oauthRedirectUrls: ['http://localhost:*/cb'] })
    expect((await h.init('google', clientPkce(), { appId: app.id, redirectTo: 'http://localhost:5173/cb' })).status).toBe(200)
    expect((await h.init('google', clientPkce(), { appId: app.id, redirectTo: 'http://localhost.evil:5173/cb' })).status).toBe(400)
  })
})

describe('docs/security.md #15: ID token validation', () => {
  const future = () => Math.floor(Date.now() / 1000) + 3600
  it.each([
    ['a bad signature', { foreignKey: true }, /signature verification failed/],
    ['another issuer', { claims: (c: any) => ({ ...c, iss: 'https://accounts.evil.example' }) }, /\biss\W+claim value/],
    ['another audience', { claims: (c: any) => ({ ...c, aud: 'someone-else' }) }, /\baud\W+claim value/],
    ['an expired token', { claims: (c: any) => ({ ...c, iat: c.iat - 7200, exp: c.iat - 3600 }) }, /JWTExpired/],
    ['another nonce', { claims: (c: any) => ({ ...c, nonce: 'not-the-one-we-sent', exp: future() }) }, /nonce mismatch/],
    ['no nonce', { claims: ({ nonce: _, ...c }: any) => c }, /nonce mismatch/],
  ])('refuses %s: no code, no user', async (_, tamper, reason) => {
    const loggedBefore = h.logs().length
    const who = account()
    const { url } = await providerReturn('google', who)
    h.idp.tamperNextIdToken(tamper)
    const answer = await h.callback(url)
    expect(answer.status).toBe(302)
    expect(answer.location!.searchParams.get(oauthReturnParams.code)).toBeNull()
    expect(answer.location!.searchParams.get(oauthReturnParams.error)).toBe('invalid_credentials')
    const [row] = await h.t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM linked_accounts WHERE type = 'google_oauth' AND address = $1", [who.sub])
    expect(row!.n).toBe(0)
    expect(h.logs().slice(loggedBefore)).toMatch(reason)
  })

  it('accepts the untampered token (the tamper hook itself changes nothing else)', async () => {
    const { url } = await providerReturn('google')
    h.idp.tamperNextIdToken({ claims: (c) => c })
    const answer = await h.callback(url)
    expect(answer.location!.searchParams.get(oauthReturnParams.code)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

describe('docs/security.md #16: no automatic linking by email', () => {
  it("keeps a provider identity with an existing user's email apart from that user, verified or not", async () => {
    const email = `victim-${Date.now()}@example.com`
    const victim = await h.t.login(email, h.app.id)
    for (const email_verified of [false, true]) {
      const login = await h.signIn('google', account({ email, email_verified }))
      expect(login.status).toBe(200)
      expect(login.body.is_new_user).toBe(true)
      expect(login.body.user.id).not.toBe(victim.body.user.id)
    }
    const me = await h.t.call('/api/v1/users/me', { appId: h.app.id, token: victim.body.token })
    expect(me.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: email })])
  })

  it('lets only a provider-verified email pass the allowlist', async () => {
    const email = `listed-${Date.now()}@example.com`
    const app = await h.createApp({
      name: 'Allowlist',
      allowlist: { enabled: true, entries: [email], errorTitle: null, errorDetail: null, ctaText: null, ctaLink: null },
    })
    const unverified = await h.signIn('google', account({ email, email_verified: false }), { appId: app.id })
    expect(unverified.status).toBe(403)
    expect(unverified.body.code).toBe('allowlist_rejected')
    const githubUnverified = await h.signIn('github', account({ email, email_verified: false }), { appId: app.id })
    expect(githubUnverified.body.code).toBe('allowlist_rejected')
    expect((await h.signIn('google', account({ email }), { appId: app.id })).status).toBe(200)
  })
})

describe('docs/security.md #17: our one-time code', () => {
  it('fails on a second redemption and revokes the session the first one issued', async () => {
    const flow = await h.startFlow('google', account())
    const first = await h.authenticate(flow.code!, flow.client)
    expect(first.status).toBe(200)
    const second = await h.authenticate(flow.code!, flow.client)
    expect(second.status).toBe(400)
    expect(second.body.code).toBe('invalid_credentials')
    expect((await h.t.call('/api/v1/users/me', { appId: h.app.id, token: first.body.token })).status).toBe(401)
    expect((await h.t.call('/api/v1/sessions', { appId: h.app.id, body: { refresh_token: first.body.refresh_token } })).status).toBe(401)
  })

  it('lets parallel redemptions produce no live session', async () => {
    const flow = await h.startFlow('github', account())
    const results = await Promise.all(Array.from({ length: 8 }, () => h.authenticate(flow.code!, flow.client)))
    const ok = results.filter((r) => r.status === 200)
    expect(ok.length).toBeLessThanOrEqual(1)
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.code).toBe('invalid_credentials')
    for (const r of ok) expect((await h.t.call('/api/v1/users/me', { appId: h.app.id, token: r.body.token })).status).toBe(401)
  })

  it('cannot be used for a link after a login, and the login session is revoked', async () => {
    const flow = await h.startFlow('google', account())
    const login = await h.authenticate(flow.code!, flow.client)
    const other = (await h.t.login(`other-${Date.now()}@example.com`, h.app.id)).body.token
    const link = await h.t.call('/api/v1/oauth/link', {
      appId: h.app.id,
      token: other,
      body: { authorization_code: flow.code, state_code: flow.client.stateCode, code_verifier: flow.client.verifier },
    })
    expect(link.status).toBe(400)
    expect((await h.t.call('/api/v1/users/me', { appId: h.app.id, token: login.body.token })).status).toBe(401)
  })

  it('expires after OAUTH_CODE_TTL_SECONDS (at most 10 minutes)', async () => {
    expect(OAUTH_CODE_TTL_SECONDS).toBeLessThanOrEqual(600)
    const flow = await h.startFlow('google', account())
    h.t.clock.advance(OAUTH_CODE_TTL_SECONDS + 1)
    const response = await h.authenticate(flow.code!, flow.client)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_credentials')
  })

  it('is only redeemable by the app it was issued for', async () => {
    const flow = await h.startFlow('google', account())
    const otherApp = await h.createApp({ name: 'Other app' })
    const response = await h.authenticate(flow.code!, flow.client, {}, otherApp.id)
    expect(response.status).toBe(400)
    expect((await h.authenticate(flow.code!, flow.client)).status).toBe(200)
  })
})
