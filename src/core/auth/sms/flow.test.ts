import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../client.js'
import { storageKeys } from '../../session/keys.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { TEST_APP_ID } from '../../test-support/fixtures.js'
import type { ClientEvents, OtpFlowState, TesseraClient, TokenStorage } from '../../types.js'

const INIT = '/api/v1/passwordless_sms/init'
const AUTHENTICATE = '/api/v1/passwordless_sms/authenticate'

let api: FakeApi
let storage: TokenStorage
let client: TesseraClient
let states: OtpFlowState['status'][]

function newClient(options: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage, locks: null, retryDelay: () => 1, ...options })
}

beforeEach(async () => {
  api = await startFakeApi(apiRoutes())
  storage = createMemoryStorage()
  client = newClient()
  states = []
  client.auth.sms.watchState((state) => states.push(state.status))
  await client.ready
})
afterEach(async () => {
  client.destroy()
  await api.close()
})

describe('SMS one-time code flow', () => {
  it('sends to the E.164 number, signs in, and announces an sms login', async () => {
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))
    expect(client.auth.sms.getState()).toEqual({
      status: 'initial',
      intent: 'login',
      identifier: null,
      previousIdentifier: null,
      error: null,
      codeSentAt: null,
    })

    await client.auth.sms.sendCode(' (415) 555-2671 ', { captchaToken: 'captcha-1' })
    expect(client.auth.sms.getState()).toMatchObject({ status: 'awaiting-code-input', intent: 'login', identifier: '+14155552671', error: null })
    expect(api.calls(INIT)[0]!.body).toEqual({ phoneNumber: '+14155552671', token: 'captcha-1' })
    expect(api.calls(INIT)[0]!.headers.authorization).toBeUndefined()

    const user = await client.auth.sms.loginWithCode('123 456', { disableSignup: true })
    // The typed number is replaced by its E.164 form while sending.
    expect(states).toEqual(['sending-code', 'sending-code', 'awaiting-code-input', 'submitting-code', 'done'])
    expect(api.calls(AUTHENTICATE)[0]!.body).toEqual({ phoneNumber: '+14155552671', code: '123456', mode: 'no-signup' })
    expect(user.phone).toMatchObject({ type: 'phone', number: '+14155552671' })
    expect(client.getAuth()).toEqual({ status: 'authenticated', user })
    expect(logins).toEqual([{ user, isNewUser: true, loginMethod: 'sms' }])
    // The email flow is a separate store.
    expect(client.auth.email.getState().status).toBe('initial')
  })

  it('reads a national number in the configured default country', async () => {
    const british = newClient({ config: { intl: { defaultCountry: 'GB' } } })
    await british.ready
    await british.auth.sms.sendCode('020 7946 0958')
    expect(api.calls(INIT)[0]!.body).toEqual({ phoneNumber: '+442079460958' })
    british.destroy()
  })

  it('refuses an invalid number without calling the server', async () => {
    await expect(client.auth.sms.sendCode('415 555')).rejects.toMatchObject({ code: 'invalid_data', shortMessage: 'Invalid phone number' })
    expect(client.auth.sms.getState()).toMatchObject({ status: 'error', error: { shortMessage: 'Invalid phone number' } })
    expect(api.calls(INIT)).toHaveLength(0)
  })

  it('puts a wrong code in error and keeps the number for a resend', async () => {
    await client.auth.sms.sendCode('+1 415 555 2671')
    await expect(client.auth.sms.submitCode('000000')).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(client.auth.sms.getState()).toMatchObject({ status: 'error', identifier: '+14155552671' })
    expect(client.getAuth().status).toBe('unauthenticated')
    await expect(client.auth.sms.submitCode('12345')).rejects.toMatchObject({ shortMessage: 'Passcode must be exactly 6 numbers' })
    await expect(client.auth.sms.submitCode('123456')).resolves.toMatchObject({ phone: { number: '+14155552671' } })
  })

  it('reports the server refusing a region', async () => {
    api.handle(apiRoutes({ [`POST ${INIT}`]: () => ({ status: 400, body: { error: 'This region is not supported', code: 'not_supported' } }) }))
    await expect(client.auth.sms.sendCode('+33 6 12 34 56 78')).rejects.toMatchObject({ code: 'not_supported', shortMessage: 'This region is not supported' })
    expect(client.auth.sms.getState()).toMatchObject({ status: 'error', identifier: '+33612345678', codeSentAt: null })
  })

  it('remembers sms as the recent login method, for this client and the next one on the same storage', async () => {
    expect(client.getRecentLoginMethod()).toBeNull()
    await client.auth.sms.sendCode('+1 415 555 2671')
    await client.auth.sms.loginWithCode('123456')
    expect(client.getRecentLoginMethod()).toBe('sms')
    expect(await storage.get(storageKeys(TEST_APP_ID).recentLoginMethod)).toBe('sms')
    await client.logout()
    expect(client.getRecentLoginMethod()).toBe('sms')

    const next = newClient()
    await next.ready
    expect(next.getRecentLoginMethod()).toBe('sms')
    next.destroy()
  })

  it('ignores an unknown stored method', async () => {
    await storage.put(storageKeys(TEST_APP_ID).recentLoginMethod, 'carrier_pigeon')
    const next = newClient()
    await next.ready
    expect(next.getRecentLoginMethod()).toBeNull()
    next.destroy()
  })

  it('is not revived by a send that settles after reset', async () => {
    api.handle(apiRoutes({ [`POST ${INIT}`]: () => ({ body: { success: true }, delayMs: 50 }) }))
    const pending = client.auth.sms.sendCode('+1 415 555 2671')
    expect(client.auth.sms.getState().status).toBe('sending-code')
    client.auth.sms.reset()
    await pending
    expect(client.auth.sms.getState()).toMatchObject({ status: 'initial', identifier: null })
  })
})
