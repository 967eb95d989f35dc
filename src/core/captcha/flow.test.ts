import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTransport } from '../api/transport.js'
import { defaultConfig } from '../config/defaults.js'
import type { EffectiveConfig } from '../config/types.js'
import { startFakeApi, type FakeApi } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { TEST_APP_ID } from '../test-support/fixtures.js'
import type { CaptchaState } from '../types.js'
import { createStore } from '../utils/store.js'
import { createCaptcha } from './flow.js'
import { EXPIRED_AND_FAILED_RESET } from './types.js'
import { captchaStateFor } from './site-key.js'
import { altchaChallenge } from './test-support/altcha-challenge.js'
import { FakeTurnstile, fakeHost } from './test-support/fake-turnstile.js'

const CHALLENGE = '/api/v1/captcha/challenge'
let api: FakeApi
let config: EffectiveConfig
const controllers: ReturnType<typeof createCaptcha>[] = []

beforeEach(async () => {
  api = await startFakeApi(apiRoutes({ [`GET ${CHALLENGE}`]: () => ({ body: altchaChallenge({ number: 421, maxnumber: 2_000 }) }) }))
  config = { ...defaultConfig(TEST_APP_ID), captchaEnabled: true, captchaSiteKey: `a:${TEST_APP_ID}` }
})
afterEach(async () => {
  for (const controller of controllers.splice(0)) controller.destroy()
  vi.useRealTimers()
  await api.close()
})

function newCaptcha(options: { host?: ReturnType<typeof fakeHost>['host'] } = {}) {
  const state = createStore<CaptchaState>(captchaStateFor(config))
  const transport = createTransport({ apiUrl: api.url, appId: TEST_APP_ID, retryDelay: () => 1 })
  const captcha = createCaptcha({ state, transport, getConfig: () => config, createWorker: null, host: () => options.host ?? null })
  controllers.push(captcha)
  const statuses: string[] = []
  state.watch((value) => void statuses.push(value.status))
  return { captcha, state, statuses }
}

describe('CAPTCHA with ALTCHA', () => {
  it('fetches a challenge, solves it and holds the token until it is consumed once', async () => {
    const { captcha, state, statuses } = newCaptcha()
    expect(state.get()).toEqual({ status: 'ready', provider: 'altcha', token: null, error: null })
    const token = await captcha.execute()
    expect(statuses).toEqual(['loading', 'success'])
    expect(state.get()).toEqual({ status: 'success', provider: 'altcha', token, error: null })
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { number: number; challenge: string }
    expect(payload.number).toBe(421)
    expect(api.calls(CHALLENGE)[0]!.headers['privy-app-id']).toBe(TEST_APP_ID)
    // A second execute while the token is unspent hands it out again rather than solving anew.
    expect(await captcha.execute()).toBe(token)
    expect(api.calls(CHALLENGE)).toHaveLength(1)
    expect(captcha.consumeToken()).toBe(token)
    expect(captcha.consumeToken()).toBeNull()
    expect(state.get()).toEqual({ status: 'ready', provider: 'altcha', token: null, error: null })
  })

  it('shares one run between concurrent executes', async () => {
    const { captcha } = newCaptcha()
    const [a, b] = await Promise.all([captcha.execute(), captcha.execute()])
    expect(a).toBe(b)
    expect(api.calls(CHALLENGE)).toHaveLength(1)
  })

  it("ends in error 'Captcha failed' when the challenge has no solution", async () => {
    api.handle(apiRoutes({ [`GET ${CHALLENGE}`]: () => ({ body: altchaChallenge({ number: 60, maxnumber: 50 }) }) }))
    const { captcha, state } = newCaptcha()
    await expect(captcha.execute()).rejects.toMatchObject({ code: 'captcha_failure', shortMessage: 'Captcha failed' })
    expect(state.get()).toEqual({ status: 'error', provider: 'altcha', token: null, error: 'Captcha failed' })
    expect(captcha.consumeToken()).toBeNull()
  })

  it('drops a result that arrives after reset', async () => {
    api.handle(apiRoutes({ [`GET ${CHALLENGE}`]: () => ({ body: altchaChallenge({ number: 5, maxnumber: 10 }), delayMs: 100 }) }))
    const { captcha, state } = newCaptcha()
    const running = captcha.execute()
    running.catch(() => undefined)
    expect(state.get().status).toBe('loading')
    captcha.reset()
    expect(state.get()).toEqual({ status: 'ready', provider: 'altcha', token: null, error: null })
    await expect(running).rejects.toMatchObject({ code: 'client_request_aborted' })
    expect(state.get().status).toBe('ready')
  })

  it('is disabled when CAPTCHA is off', async () => {
    config = { ...config, captchaEnabled: false }
    const { captcha, state } = newCaptcha()
    expect(state.get().status).toBe('disabled')
    await expect(captcha.execute()).rejects.toMatchObject({ code: 'captcha_disabled' })
    expect(api.calls(CHALLENGE)).toHaveLength(0)
  })

  it("refuses an unsupported site key with 'Unsupported captcha site key'", async () => {
    config = { ...config, captchaSiteKey: 'h:hcaptcha' }
    const { captcha, state } = newCaptcha()
    expect(state.get()).toMatchObject({ status: 'error', error: 'Unsupported captcha site key' })
    await expect(captcha.execute()).rejects.toMatchObject({ code: 'invalid_config', shortMessage: 'Unsupported captcha site key' })
  })

  it('follows a config change while idle', () => {
    config = { ...config, captchaEnabled: false }
    const { captcha, state } = newCaptcha()
    config = { ...config, captchaEnabled: true, captchaSiteKey: 't:0x4AAA' }
    captcha.syncConfig()
    expect(state.get()).toEqual({ status: 'ready', provider: 'turnstile', token: null, error: null })
  })
})

describe('CAPTCHA with Turnstile', () => {
  beforeEach(() => {
    config = { ...config, captchaSiteKey: 't:0x4AAAAAAB' }
  })

  it('renders one invisible widget with the app id as action and resolves its token', async () => {
    const turnstile = new FakeTurnstile()
    const page = fakeHost(turnstile)
    const { captcha, state, statuses } = newCaptcha({ host: page.host })
    expect(await captcha.execute()).toBe('turnstile-token-1')
    expect(statuses).toEqual(['loading', 'success'])
    expect(turnstile.widgets.get('widget-1')!.params).toMatchObject({ sitekey: '0x4AAAAAAB', action: TEST_APP_ID, size: 'invisible' })
    expect(captcha.consumeToken()).toBe('turnstile-token-1')
    expect(await captcha.execute()).toBe('turnstile-token-2')
    expect(turnstile.widgets.size).toBe(1)
    expect(page.body).toHaveLength(1)
    expect(state.get().token).toBe('turnstile-token-2')
    expect(api.calls(CHALLENGE)).toHaveLength(0)
  })

  it('loads the script lazily from the configured URL when the page has no window.turnstile', async () => {
    const page = fakeHost()
    const state = createStore<CaptchaState>(captchaStateFor(config))
    const transport = createTransport({ apiUrl: api.url, appId: TEST_APP_ID })
    const captcha = createCaptcha({ state, transport, getConfig: () => config, host: () => page.host, turnstileScriptUrl: 'http://127.0.0.1:1/api.js' })
    controllers.push(captcha)
    const token = captcha.execute()
    await vi.waitFor(() => expect(page.head).toHaveLength(1))
    expect(page.head[0]!.src).toBe('http://127.0.0.1:1/api.js')
    page.host.turnstile = new FakeTurnstile()
    page.head[0]!.fire('load')
    expect(await token).toBe('turnstile-token-1')
  })

  it("ends in error 'Captcha failed' when the challenge fails", async () => {
    const turnstile = new FakeTurnstile()
    turnstile.outcome = 'fail'
    const { captcha, state } = newCaptcha({ host: fakeHost(turnstile).host })
    await expect(captcha.execute()).rejects.toMatchObject({ code: 'captcha_failure' })
    expect(state.get()).toEqual({ status: 'error', provider: 'turnstile', token: null, error: 'Captcha failed' })
  })

  it('times out after 20 s with captcha_timeout', async () => {
    vi.useFakeTimers()
    const turnstile = new FakeTurnstile()
    turnstile.outcome = 'hang'
    const { captcha, state } = newCaptcha({ host: fakeHost(turnstile).host })
    const result = captcha.execute()
    result.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(20_000)
    await expect(result).rejects.toMatchObject({ code: 'captcha_timeout' })
    expect(state.get()).toMatchObject({ status: 'error', error: 'Captcha failed' })
  })

  it('resets on expiry; a reset that fails leaves expired_and_failed_reset', async () => {
    const turnstile = new FakeTurnstile()
    const { captcha, state } = newCaptcha({ host: fakeHost(turnstile).host })
    await captcha.execute()
    turnstile.expire('widget-1')
    expect(state.get()).toEqual({ status: 'ready', provider: 'turnstile', token: null, error: null })
    expect(captcha.consumeToken()).toBeNull()

    await captcha.execute()
    turnstile.failReset = true
    turnstile.expire('widget-1')
    expect(state.get()).toEqual({ status: 'error', provider: 'turnstile', token: null, error: EXPIRED_AND_FAILED_RESET })

    // The broken widget is dropped: the next run renders a new one.
    turnstile.failReset = false
    expect(await captcha.execute()).toBe('turnstile-token-3')
    expect(turnstile.widgets.get('widget-1')!.removed).toBe(true)
    expect(turnstile.widgets.get('widget-2')!.params.sitekey).toBe('0x4AAAAAAB')
  })

  it('fails without a page to render in', async () => {
    const { captcha } = newCaptcha()
    await expect(captcha.execute()).rejects.toMatchObject({ code: 'captcha_failure' })
  })
})
