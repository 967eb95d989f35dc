import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPasskeyWire } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { startTestServer, TEST_ORIGIN, type ApiResponse, type TestServer } from '../../test-support/test-server.js'
import { PASSKEY_CHALLENGE_TTL_SECONDS } from './challenge-store.js'
import { SoftwareAuthenticator, type CeremonyOverrides } from './test-support/software-authenticator.js'

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

let t: TestServer
let uvApp: AppRecord

beforeAll(async () => {
  t = await startTestServer({ app: { loginMethods: ['email', 'passkey'], allowedOrigins: [TEST_ORIGIN, 'http://localhost:*'] } })
  uvApp = await t.createApp({ name: 'UV app', loginMethods: ['passkey'], allowedOrigins: [TEST_ORIGIN], passkeyRequireUserVerification: true })
})
afterAll(async () => {
  await t?.close()
})

interface CallContext {
  origin?: string
  token?: string
  appId?: string
}
const call = (path: string, body: object, context: CallContext = {}) =>
  t.call(`/api/v1/passkeys${path}`, {
    body,
    headers: { origin: context.origin ?? TEST_ORIGIN, 'user-agent': CHROME_ON_MAC },
    ...(context.token ? { token: context.token } : {}),
    ...(context.appId ? { appId: context.appId } : {}),
  })

/** register/init, then the authenticator, then register. */
// The shared helpers send the reference clients' snake_case answer; the other cases send camelCase, which is accepted too.

async function signUp(authenticator: SoftwareAuthenticator, overrides: CeremonyOverrides = {}, context: CallContext = {}) {
  const init = await call('/register/init', {}, context)
  expect(init.status).toBe(200)
  const response = authenticator.register(init.body.options, overrides)
  const result = await call('/register', { relying_party: init.body.relying_party, authenticator_response: toPasskeyWire(response) }, context)
  return { result, credentialId: response.id }
}

async function authenticateInit(context: CallContext = {}) {
  const init = await call('/authenticate/init', {}, context)
  expect(init.status).toBe(200)
  return init.body as { relying_party: string; options: { challenge: string; rp_id: string } }
}

async function signIn(authenticator: SoftwareAuthenticator, credentialId: string, overrides: CeremonyOverrides = {}, context: CallContext = {}) {
  const init = await authenticateInit(context)
  const response = authenticator.authenticate(credentialId, init.options, overrides)
  return call(
    '/authenticate',
    { relying_party: init.relying_party, challenge: init.options.challenge, authenticator_response: toPasskeyWire(response) },
    context,
  )
}

async function link(authenticator: SoftwareAuthenticator, token: string, overrides: CeremonyOverrides = {}) {
  const init = await call('/link/init', {}, { token })
  expect(init.status).toBe(200)
  const response = authenticator.register(init.body.options, overrides)
  return {
    result: await call('/link', { relying_party: init.body.relying_party, authenticator_response: toPasskeyWire(response) }, { token }),
    credentialId: response.id,
  }
}

const storedCounter = async (credentialId: string) =>
  (await t.db.query<{ n: string }>("SELECT details->>'sign_count' AS n FROM linked_accounts WHERE type = 'passkey' AND address = $1", [credentialId]))[0]?.n

const expectRejected = (response: ApiResponse) => {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('invalid_credentials')
}

const passkeysOf = (user: { linked_accounts: { type: string; credential_id?: string }[] }) =>
  user.linked_accounts.filter((account) => account.type === 'passkey')

describe('passkey sign-up, sign-in, link and unlink', () => {
  it('advertises passkeys in the public app config', async () => {
    const config = await t.call(`/api/v1/apps/${t.app.id}`, { appId: null })
    expect(config.body).toMatchObject({ passkey_auth: true, passkeys_for_signup_enabled: true })
  })

  it('registers, authenticates, links a second passkey and unlinks the first', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    const init = await call('/register/init', {})
    expect(init.body.relying_party).toBe('allowed.test')
    expect(init.body.options).toMatchObject({ rp: { id: 'allowed.test' }, attestation: 'none' })
    // The challenge carries at least 16 random bytes (docs/security.md #18).
    expect(Buffer.from(init.body.options.challenge, 'base64url').length).toBeGreaterThanOrEqual(16)

    const { result: signedUp, credentialId } = await signUp(authenticator)
    expect(signedUp.status).toBe(200)
    expect(signedUp.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
    expect(passkeysOf(signedUp.body.user)).toEqual([
      expect.objectContaining({
        type: 'passkey',
        credential_id: credentialId,
        enrolled_in_mfa: false,
        public_key: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        created_with_os: 'Mac OS',
        created_with_browser: 'Chrome',
        created_with_device: 'Mac',
      }),
    ])

    const signedIn = await signIn(authenticator, credentialId)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ is_new_user: false, user: { id: signedUp.body.user.id } })
    expect(await storedCounter(credentialId)).toBe('1')

    const second = new SoftwareAuthenticator(TEST_ORIGIN)
    const linked = await link(second, signedIn.body.token)
    expect(linked.result.status).toBe(200)
    expect(passkeysOf(linked.result.body).map((account) => account.credential_id)).toEqual([credentialId, linked.credentialId])
    // The new passkey signs in to the same user.
    expect((await signIn(second, linked.credentialId)).body.user.id).toBe(signedUp.body.user.id)

    const unlinked = await call('/unlink', { credential_id: credentialId }, { token: signedIn.body.token })
    expect(unlinked.status).toBe(200)
    expect(passkeysOf(unlinked.body).map((account) => account.credential_id)).toEqual([linked.credentialId])
    expectRejected(await signIn(authenticator, credentialId))
  })

  it('allows at most 5 passkeys per user', async () => {
    const login = await t.login('five-passkeys@example.com')
    for (let i = 0; i < 5; i++) expect((await link(new SoftwareAuthenticator(TEST_ORIGIN), login.body.token)).result.status).toBe(200)
    const sixth = await link(new SoftwareAuthenticator(TEST_ORIGIN), login.body.token)
    expect(sixth.result.status).toBe(400)
    expect(sixth.result.body).toMatchObject({ code: 'cannot_link_more_of_type', error: 'User already has an account of type passkey linked.' })
  })

  it('refuses to unlink a passkey enrolled in MFA', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    const login = await t.login('mfa-passkey@example.com')
    const { credentialId } = await link(authenticator, login.body.token)
    await t.db.query(`UPDATE linked_accounts SET details = details || '{"enrolled_in_mfa": true}' WHERE type = 'passkey' AND address = $1`, [credentialId])
    const response = await call('/unlink', { credential_id: credentialId }, { token: login.body.token })
    expect(response.status).toBe(400)
    expect(response.body.error).toBe('Cannot unlink a passkey enrolled in MFA')
  })

  it('rejects an assertion by a passkey the server does not know', async () => {
    const stranger = new SoftwareAuthenticator(TEST_ORIGIN)
    const init = await authenticateInit()
    const { id } = stranger.register({ challenge: init.options.challenge, rp: { id: 'allowed.test' } })
    expectRejected(
      await call('/authenticate', {
        relying_party: init.relying_party,
        challenge: init.options.challenge,
        authenticator_response: stranger.authenticate(id, init.options),
      }),
    )
  })

  it('matches `http://localhost:*` origins on any port', async () => {
    const authenticator = new SoftwareAuthenticator('http://localhost:5173')
    const { result, credentialId } = await signUp(authenticator, {}, { origin: 'http://localhost:5173' })
    expect(result.status).toBe(200)
    expect((await signIn(authenticator, credentialId, {}, { origin: 'http://localhost:5173' })).status).toBe(200)
  })

  it('keeps sign-up off when passkeysForSignup is false, and passkeys off unless enabled', async () => {
    const noSignup = await t.createApp({ name: 'No passkey sign-up', loginMethods: ['passkey'], allowedOrigins: [TEST_ORIGIN], passkeysForSignup: false })
    expect((await call('/register/init', {}, { appId: noSignup.id })).status).toBe(403)
    expect((await t.call(`/api/v1/apps/${noSignup.id}`, { appId: null })).body).toMatchObject({ passkey_auth: true, passkeys_for_signup_enabled: false })
    const emailOnly = await t.createApp({ name: 'Email only', loginMethods: ['email'], allowedOrigins: [TEST_ORIGIN] })
    expect((await call('/authenticate/init', {}, { appId: emailOnly.id })).body.code).toBe('disallowed_login_method')
  })
})

describe('passkey security', () => {
  it('#18: a challenge is single use, expires, and only serves the ceremony it was issued for', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    const { credentialId } = await signUp(authenticator)

    // Replaying an assertion.
    const init = await authenticateInit()
    const assertion = authenticator.authenticate(credentialId, init.options)
    const body = { relying_party: init.relying_party, challenge: init.options.challenge, authenticator_response: assertion }
    expect((await call('/authenticate', body)).status).toBe(200)
    expectRejected(await call('/authenticate', body))

    // A registration challenge used for authentication.
    const registerInit = await call('/register/init', {})
    const crossed = await authenticateInit()
    expectRejected(
      await call('/authenticate', {
        relying_party: crossed.relying_party,
        challenge: registerInit.body.options.challenge,
        authenticator_response: authenticator.authenticate(credentialId, { ...crossed.options, challenge: registerInit.body.options.challenge }),
      }),
    )
    // And the reverse.
    const authInit = await authenticateInit()
    expectRejected(await signUpWithChallenge(authenticator, authInit.options.challenge))

    // A link challenge issued to another user.
    const alice = await t.login('alice-passkey@example.com')
    const bob = await t.login('bob-passkey@example.com')
    const aliceInit = await call('/link/init', {}, { token: alice.body.token })
    const stolen = new SoftwareAuthenticator(TEST_ORIGIN).register(aliceInit.body.options)
    expectRejected(await call('/link', { relying_party: aliceInit.body.relying_party, authenticator_response: stolen }, { token: bob.body.token }))

    // An expired challenge.
    const late = await authenticateInit()
    t.clock.advance(PASSKEY_CHALLENGE_TTL_SECONDS + 1)
    try {
      expectRejected(
        await call('/authenticate', {
          relying_party: late.relying_party,
          challenge: late.options.challenge,
          authenticator_response: authenticator.authenticate(credentialId, late.options),
        }),
      )
    } finally {
      t.clock.advance(-(PASSKEY_CHALLENGE_TTL_SECONDS + 1))
    }

    // A challenge the server never issued.
    const fresh = await authenticateInit()
    const forged = Buffer.alloc(32, 7).toString('base64url')
    expectRejected(
      await call('/authenticate', {
        relying_party: fresh.relying_party,
        challenge: forged,
        authenticator_response: authenticator.authenticate(credentialId, { ...fresh.options, challenge: forged }),
      }),
    )
  })

  it('#19: wrong origin, another RP ID, or a cross-origin frame under a foreign top origin are rejected', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    const { credentialId } = await signUp(authenticator)
    expectRejected(await signIn(authenticator, credentialId, { origin: 'https://evil.test' }))
    expectRejected(await signIn(authenticator, credentialId, { rpId: 'evil.test' }))
    expectRejected(await signIn(authenticator, credentialId, { crossOrigin: true, topOrigin: 'https://evil.test' }))
    expectRejected(await signIn(authenticator, credentialId, { crossOrigin: true }))
    expect((await signIn(authenticator, credentialId, { crossOrigin: true, topOrigin: 'http://localhost:4000' })).status).toBe(200)
    // The same checks guard registration.
    expectRejected((await signUp(new SoftwareAuthenticator(TEST_ORIGIN), { origin: 'https://evil.test' })).result)
    expectRejected((await signUp(new SoftwareAuthenticator(TEST_ORIGIN), { rpId: 'evil.test' })).result)
  })

  it('#20: UP=0 is always rejected; UV=0 only where the app requires UV', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    expectRejected((await signUp(authenticator, { userPresent: false })).result)
    const { credentialId } = await signUp(authenticator)
    expectRejected(await signIn(authenticator, credentialId, { userPresent: false }))
    expect((await signIn(authenticator, credentialId, { userVerified: false })).status).toBe(200)

    const uv = { appId: uvApp.id }
    expectRejected((await signUp(authenticator, { userVerified: false }, uv)).result)
    const { result, credentialId: uvCredential } = await signUp(authenticator, {}, uv)
    expect(result.status).toBe(200)
    expectRejected(await signIn(authenticator, uvCredential, { userVerified: false }, uv))
    expect((await signIn(authenticator, uvCredential, {}, uv)).status).toBe(200)
  })

  it('#21: the stored counter follows each assertion; a counter that does not grow is rejected', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    const { credentialId } = await signUp(authenticator, { counter: 5 })
    expect(await storedCounter(credentialId)).toBe('5')
    expect((await signIn(authenticator, credentialId, { counter: 9 })).status).toBe(200)
    expect(await storedCounter(credentialId)).toBe('9')
    expectRejected(await signIn(authenticator, credentialId, { counter: 9 }))
    expectRejected(await signIn(authenticator, credentialId, { counter: 3 }))
    expect(await storedCounter(credentialId)).toBe('9')

    // Authenticators without a counter report 0 every time: allowed while both stay zero.
    const counterless = new SoftwareAuthenticator(TEST_ORIGIN)
    const { credentialId: zero } = await signUp(counterless)
    expect((await signIn(counterless, zero, { counter: 0 })).status).toBe(200)
    expect((await signIn(counterless, zero, { counter: 0 })).status).toBe(200)
    expect(await storedCounter(zero)).toBe('0')
  })

  it('#22: 10 parallel verifications of one challenge give at most one session', async () => {
    const authenticator = new SoftwareAuthenticator(TEST_ORIGIN)
    const { credentialId } = await signUp(authenticator)
    const init = await authenticateInit()
    const body = {
      relying_party: init.relying_party,
      challenge: init.options.challenge,
      authenticator_response: authenticator.authenticate(credentialId, init.options),
    }
    const results = await Promise.all(Array.from({ length: 10 }, () => call('/authenticate', body)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const rejected of results.filter((r) => r.status !== 200)) expectRejected(rejected)
  })

  it('#22: a credential id that belongs to another user cannot be registered or linked', async () => {
    const owner = new SoftwareAuthenticator(TEST_ORIGIN)
    const { result: victim, credentialId } = await signUp(owner)
    expect(victim.status).toBe(200)

    // The attacker's own key under the victim's credential id: no sign-in, no takeover.
    const attacker = new SoftwareAuthenticator(TEST_ORIGIN)
    const hijack = await signUp(attacker, { credentialId })
    expect(hijack.result.status).toBe(400)
    expect(hijack.result.body.code).toBe('linked_to_another_user')
    expect(hijack.result.body.token).toBeUndefined()

    const attackerLogin = await t.login('passkey-attacker@example.com')
    const linked = await link(attacker, attackerLogin.body.token, { credentialId })
    expect(linked.result.status).toBe(400)
    expect(linked.result.body.code).toBe('linked_to_another_user')
    // The victim's passkey still signs in to the victim only.
    expect((await signIn(owner, credentialId)).body.user.id).toBe(victim.body.user.id)
  })
})

/** A registration answering `challenge` rather than the one register/init issued. */
// The shared helpers send the reference clients' snake_case answer; the other cases send camelCase, which is accepted too.

async function signUpWithChallenge(authenticator: SoftwareAuthenticator, challenge: string) {
  const init = await call('/register/init', {})
  const response = authenticator.register({ ...init.body.options, challenge })
  return call('/register', { relying_party: init.body.relying_party, authenticator_response: response })
}
