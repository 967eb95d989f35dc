import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../client.js'
import { storageKeys } from '../../session/keys.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID } from '../../test-support/fixtures.js'
import type { ClientEvents, EmailFlowState, TesseraClient, TokenStorage } from '../../types.js'

const INIT = '/api/v1/passwordless/init'
const AUTHENTICATE = '/api/v1/passwordless/authenticate'

let api: FakeApi
let storage: TokenStorage
let client: TesseraClient
let states: EmailFlowState['status'][]

beforeEach(async () => {
  api = await startFakeApi(apiRoutes())
  storage = createMemoryStorage()
  client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage, locks: null, retryDelay: () => 1 })
  states = []
  client.auth.email.watchState((state) => states.push(state.status))
  await client.ready
})
afterEach(async () => {
  client.destroy()
  await api.close()
})

describe('email one-time code flow', () => {
  it('goes initial → sending-code → awaiting-code-input → submitting-code → done and signs in', async () => {
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))
    expect(client.auth.email.getState()).toEqual({
      status: 'initial',
      intent: 'login',
      identifier: null,
      previousIdentifier: null,
      error: null,
      codeSentAt: null,
    })

    const before = Date.now()
    await client.auth.email.sendCode(' ada@example.com ', { captchaToken: 'captcha-1' })
    expect(client.auth.email.getState()).toMatchObject({ status: 'awaiting-code-input', intent: 'login', identifier: 'ada@example.com', error: null })
    expect(client.auth.email.getState().codeSentAt).toBeGreaterThanOrEqual(before)
    expect(api.calls(INIT)[0]!.body).toEqual({ email: 'ada@example.com', token: 'captcha-1' })

    const user = await client.auth.email.loginWithCode('123 456')
    expect(states).toEqual(['sending-code', 'awaiting-code-input', 'submitting-code', 'done'])
    expect(api.calls(AUTHENTICATE)[0]!.body).toEqual({ email: 'ada@example.com', code: '123456', mode: 'login-or-sign-up' })
    expect(user.email?.address).toBe('ada@example.com')
    expect(client.getAuth()).toEqual({ status: 'authenticated', user })
    expect(logins).toEqual([{ user, isNewUser: true, loginMethod: 'email' }])
    const keys = storageKeys(TEST_APP_ID)
    expect(await storage.get(keys.token)).toEqual(expect.any(String))
    expect(await storage.get(keys.refreshToken)).toEqual(expect.any(String))
    expect(await storage.get(keys.identityToken)).toEqual(expect.any(String))
    expect(await client.getAccessToken()).toBe(await storage.get(keys.token))

    client.auth.email.reset()
    expect(client.auth.email.getState().status).toBe('initial')
  })

  it('sends mode no-signup when signup is disabled', async () => {
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456', { disableSignup: true })
    expect((api.calls(AUTHENTICATE)[0]!.body as { mode: string }).mode).toBe('no-signup')
  })

  it('rejects an invalid email without calling the server', async () => {
    await expect(client.auth.email.sendCode('ada@')).rejects.toMatchObject({ code: 'invalid_data' })
    expect(client.auth.email.getState()).toMatchObject({ status: 'error', error: { code: 'invalid_data' } })
    expect(api.calls(INIT)).toHaveLength(0)
  })

  it('refuses a plus address when the app disallows them', async () => {
    api.handle(apiRoutes({ [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ disable_plus_emails: true }) }) }))
    const strict = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null })
    await strict.ready
    await expect(strict.auth.email.sendCode('ada+x@example.com')).rejects.toMatchObject({
      code: 'disallowed_plus_email',
      shortMessage: "Please enter a valid email address without a '+'.",
    })
    strict.destroy()
  })

  it('puts a wrong code in error, then accepts the right one, and a resend works after an error', async () => {
    await client.auth.email.sendCode('ada@example.com')
    const firstSentAt = client.auth.email.getState().codeSentAt!
    await expect(client.auth.email.loginWithCode('000000')).rejects.toMatchObject({ code: 'invalid_credentials', status: 422 })
    expect(client.auth.email.getState()).toMatchObject({
      status: 'error',
      identifier: 'ada@example.com',
      error: { shortMessage: 'Invalid or expired verification code' },
    })
    expect(client.getAuth().status).toBe('unauthenticated')

    await new Promise((resolve) => setTimeout(resolve, 5))
    await client.auth.email.sendCode('ada@example.com')
    expect(client.auth.email.getState()).toMatchObject({ status: 'awaiting-code-input', error: null })
    expect(client.auth.email.getState().codeSentAt).toBeGreaterThan(firstSentAt)
    expect(api.calls(INIT)).toHaveLength(2)

    await expect(client.auth.email.loginWithCode('123456')).resolves.toMatchObject({ id: 'did:privy:user-1' })
  })

  it('reports a send failure from the server', async () => {
    api.handle(apiRoutes({ 'POST /api/v1/passwordless/init': () => ({ status: 429, body: { error: 'Too many requests', code: 'too_many_requests' } }) }))
    await expect(client.auth.email.sendCode('ada@example.com')).rejects.toMatchObject({ code: 'too_many_requests', retryable: true })
    expect(client.auth.email.getState().status).toBe('error')
  })

  it('requires a flow email and a six-digit code', async () => {
    await expect(client.auth.email.loginWithCode('123456')).rejects.toMatchObject({ shortMessage: 'No auth flow in progress.' })
    await client.auth.email.sendCode('ada@example.com')
    for (const code of ['12345', '1234567', '12a456']) {
      await expect(client.auth.email.loginWithCode(code)).rejects.toMatchObject({ code: 'invalid_data' })
    }
    expect(api.calls(AUTHENTICATE)).toHaveLength(0)
  })

  it('runs one authentication at a time', async () => {
    await client.auth.email.sendCode('ada@example.com')
    const results = await Promise.all([client.auth.email.loginWithCode('123456'), client.auth.email.loginWithCode('123456')])
    expect(results[0]).toBe(results[1])
    expect(api.calls(AUTHENTICATE)).toHaveLength(1)
  })

  it('refuses to log in when already authenticated', async () => {
    await client.auth.email.sendCode('ada@example.com')
    await client.auth.email.loginWithCode('123456')
    await expect(client.auth.email.loginWithCode('123456')).rejects.toMatchObject({ code: 'already_logged_in' })
    await expect(client.auth.email.sendCode('ada@example.com')).rejects.toMatchObject({ code: 'already_logged_in' })
    expect(api.calls(AUTHENTICATE)).toHaveLength(1)
  })
})

describe('reset', () => {
  it('is not undone by a send that settles afterwards', async () => {
    api.handle(apiRoutes({ 'POST /api/v1/passwordless/init': () => ({ body: { success: true }, delayMs: 50 }) }))
    const pending = client.auth.email.sendCode('ada@example.com')
    expect(client.auth.email.getState().status).toBe('sending-code')
    client.auth.email.reset()
    await pending
    expect(client.auth.email.getState()).toEqual({
      status: 'initial',
      intent: 'login',
      identifier: null,
      previousIdentifier: null,
      error: null,
      codeSentAt: null,
    })
  })
})
