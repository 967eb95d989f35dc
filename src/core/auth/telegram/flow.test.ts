import { describe, expect, it } from 'vitest'
import type { UserDto } from '../../../protocol/index.js'
import { routes } from '../../../protocol/route-table.js'
import type { Transport } from '../../api/transport.js'
import type { TelegramConfig } from './config.js'
import type { AccountChanges } from '../../session/types.js'
import type { TelegramFlowState } from '../../types.js'
import type { User } from '../../user/types.js'
import { createStore } from '../../utils/store.js'
import { FakeWindow, ORIGIN } from '../oauth/test-support/fake-window.js'
import { createTelegramFlow } from './flow.js'
import { initialTelegramFlowState, lazyTelegram } from './telegram.js'
import { lazily } from '../../utils/lazily.js'

const HOST = 'https://oauth.telegram.test'
const bot: TelegramConfig = { botId: '7000000001', botName: 'tessera_bot', linkEnabled: true, seamlessAuthEnabled: true }
const signed = { id: 42, first_name: 'Ada', auth_date: 1_700_000_000, hash: 'ab'.repeat(32) }
const user = { id: 'did:tessera:1' } as User

function setup(options: { win?: FakeWindow; config?: Partial<TelegramConfig> | null; authenticated?: boolean } = {}) {
  const win = options.win ?? new FakeWindow()
  const state = createStore<TelegramFlowState>(initialTelegramFlowState)
  const statuses: string[] = []
  state.watch((next) => statuses.push(next.status))
  const requests: { path: string; body: unknown }[] = []
  const transport = {
    apiUrl: 'http://api.test',
    setApiUrl() {},
    async request(route: { path: string }, request?: { body?: unknown }) {
      requests.push({ path: route.path, body: request?.body })
      return { user: {}, linked_accounts: [] }
    },
  } as unknown as Transport
  const changes: string[] = []
  const accountChanges: AccountChanges = {
    linked: async (_dto: UserDto, method, key) => (changes.push(`linked ${method} ${key}`), user),
    unlinked: async (_dto: UserDto, method) => (changes.push(`unlinked ${method}`), user),
    updated: async () => user,
  }
  const flow = createTelegramFlow({
    appId: 'app',
    state,
    transport,
    getTelegramConfig: () => (options.config === null ? null : { ...bot, ...options.config }),
    isAuthenticated: () => options.authenticated ?? false,
    authenticate: async (login) => (await login(), user),
    accountChanges,
    window: () => win,
    widgetHost: HOST,
  })
  return { win, flow, state, statuses, requests, changes }
}

/** Lets the flow's awaits run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Telegram widget popup', () => {
  it('opens the widget with the bot, origin and English, ignores foreign messages and signs in with the posted result', async () => {
    const { win, flow, statuses, requests } = setup()
    const popup = win.open('about:blank', 'tessera-telegram', '')!
    const done = flow.login({ captchaToken: 'captcha-1', disableSignup: true }, popup)
    await settle()
    const url = new URL(popup.location.href)
    expect(url.origin + url.pathname).toBe(`${HOST}/auth`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ bot_id: bot.botId, origin: ORIGIN, request_access: 'write', lang: 'en' })
    const message = JSON.stringify({ event: 'auth_result', result: signed })
    // Another origin, another window, and a message that is not a result change nothing.
    win.dispatch({ origin: 'https://evil.example', source: popup, data: message })
    win.dispatch({ origin: HOST, source: {}, data: message })
    win.dispatch({ origin: HOST, source: popup, data: '{"event":"ready"}' })
    await settle()
    expect(requests).toEqual([])
    win.dispatch({ origin: HOST, source: popup, data: message })
    await expect(done).resolves.toBe(user)
    expect(requests).toEqual([
      { path: routes.telegramAuthenticate.path, body: { telegram_auth_result: signed, captcha_token: 'captcha-1', mode: 'no-signup' } },
    ])
    expect(statuses).toEqual(['awaiting-telegram', 'verifying', 'done'])
    expect(win.listenerCount).toBe(0)
  })

  it('still takes a result posted just before the popup closed', async () => {
    const { win, flow } = setup()
    const popup = win.open('about:blank', 'x', '')!
    const done = flow.login({}, popup)
    await settle()
    popup.close()
    await new Promise((resolve) => setTimeout(resolve, 150))
    win.dispatch({ origin: HOST, source: popup, data: JSON.stringify({ event: 'auth_result', result: signed }) })
    await expect(done).resolves.toBe(user)
  })

  it('ends with exited_auth_flow when the popup is closed or the user declines', async () => {
    for (const finish of ['close', 'decline'] as const) {
      const { win, flow, state } = setup()
      const popup = win.open('about:blank', 'x', '')!
      const done = flow.login({}, popup)
      await settle()
      if (finish === 'close') popup.close()
      else win.dispatch({ origin: HOST, source: popup, data: JSON.stringify({ event: 'auth_result', result: false }) })
      await expect(done).rejects.toMatchObject({ code: 'exited_auth_flow' })
      expect(state.get()).toMatchObject({ status: 'error', error: { code: 'exited_auth_flow' } })
    }
  })
})

describe('Telegram Mini App (seamless) sign-in', () => {
  const miniApp = () => {
    const win = new FakeWindow()
    Object.assign(win, { Telegram: { WebApp: { initData: 'query_id=Q&user=%7B%22id%22%3A7%7D&auth_date=1700000000&hash=ff' } } })
    return win
  }

  it('the first-chunk member opens the widget popup inside the call, but none for Mini App sign-in', async () => {
    for (const [win, popups] of [
      [miniApp(), 0],
      [new FakeWindow(), 1],
    ] as const) {
      const { flow } = setup({ win })
      const telegram = lazyTelegram(
        lazily(async () => flow),
        { window: () => win, configured: () => true, seamlessEnabled: () => true, isAuthenticated: () => false },
      )
      void telegram.member.login().catch(() => undefined)
      // Synchronously, before the flow's code has loaded.
      expect(win.opened).toHaveLength(popups)
      expect(win.opened[0]?.features ?? '').toMatch(popups ? /width=550,height=470/ : /^$/)
      telegram.member.reset()
    }
  })

  it('posts the initData fields as received', async () => {
    const { flow, requests } = setup({ win: miniApp() })
    await flow.login({}, null)
    expect(requests).toEqual([
      { path: routes.telegramAuthenticate.path, body: { telegram_web_app_data: { query_id: 'Q', user: '{"id":7}', auth_date: '1700000000', hash: 'ff' } } },
    ])
  })

  it('signs in on load without a press: only in a Mini App, with seamless sign-in on and nobody signed in', async () => {
    const seamless = (win: FakeWindow, change: { seamless?: boolean; authenticated?: boolean; configured?: boolean } = {}) => {
      const { flow, requests } = setup({ win })
      const telegram = lazyTelegram(
        lazily(async () => flow),
        {
          window: () => win,
          configured: () => change.configured ?? true,
          seamlessEnabled: () => change.seamless ?? true,
          isAuthenticated: () => change.authenticated ?? false,
        },
      )
      return { signedIn: telegram.seamlessSignIn(), requests }
    }
    const inMiniApp = seamless(miniApp())
    await expect(inMiniApp.signedIn).resolves.toBe(user)
    expect(inMiniApp.requests).toEqual([
      { path: routes.telegramAuthenticate.path, body: { telegram_web_app_data: { query_id: 'Q', user: '{"id":7}', auth_date: '1700000000', hash: 'ff' } } },
    ])
    for (const skipped of [
      seamless(new FakeWindow()),
      seamless(miniApp(), { seamless: false }),
      seamless(miniApp(), { authenticated: true }),
      seamless(miniApp(), { configured: false }),
    ]) {
      await expect(skipped.signedIn).resolves.toBeNull()
      expect(skipped.requests).toEqual([])
    }
  })

  it('uses the widget when seamless sign-in is off', async () => {
    const { win, flow, requests } = setup({ win: miniApp(), config: { seamlessAuthEnabled: false } })
    const popup = win.open('about:blank', 'x', '')!
    void flow.login({}, popup)
    await settle()
    expect(popup.location.href).toContain(`${HOST}/auth?`)
    expect(requests).toEqual([])
  })
})

describe('Telegram redirect return', () => {
  it('without a popup, leaves for the widget with return_to and remembers the intent', async () => {
    const { win, flow } = setup({ authenticated: true })
    void flow.link({}, null)
    await settle()
    const url = new URL(win.assigned[0]!)
    expect(url.searchParams.get('return_to')).toBe(`${ORIGIN}/login?tab=1`)
    expect(JSON.parse(win.sessionStorage.getItem('tessera:telegram:app')!)).toEqual({ intent: 'link', disableSignup: false })
  })

  it('finishes a return from the address: fields removed first (others kept), then signed in', async () => {
    const win = new FakeWindow(`${ORIGIN}/login?tab=1&id=42&first_name=Ada&auth_date=1700000000&hash=${'ab'.repeat(32)}&username=ada#top`)
    const { flow, requests } = setup({ win })
    await expect(flow.handleReturn()).resolves.toBe(user)
    expect(win.replacedWith).toEqual(['/login?tab=1#top'])
    expect(requests).toEqual([
      {
        path: routes.telegramAuthenticate.path,
        body: { telegram_auth_result: { id: '42', first_name: 'Ada', auth_date: '1700000000', hash: 'ab'.repeat(32), username: 'ada' } },
      },
    ])
  })

  it('finishes a link return as a link', async () => {
    const win = new FakeWindow(`${ORIGIN}/?id=42&auth_date=1&hash=${'ab'.repeat(32)}`)
    win.sessionStorage.setItem('tessera:telegram:app', JSON.stringify({ intent: 'link', disableSignup: false }))
    const { flow, requests, changes } = setup({ win, authenticated: true })
    await flow.handleReturn()
    expect(requests[0]?.path).toBe(routes.telegramLink.path)
    expect(changes).toEqual(['linked telegram 42'])
    expect(win.sessionStorage.getItem('tessera:telegram:app')).toBeNull()
  })
})

describe('Telegram link rules', () => {
  it('refuses to link when the app turned linking off, and needs a session', async () => {
    await expect(setup({ authenticated: true, config: { linkEnabled: false } }).flow.link({}, null)).rejects.toMatchObject({ code: 'disallowed_login_method' })
    await expect(setup().flow.link({}, null)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await expect(setup({ config: null }).flow.login({}, null)).rejects.toMatchObject({ code: 'feature_not_enabled' })
  })

  it('unlinks by Telegram user id', async () => {
    const { flow, requests, changes } = setup({ authenticated: true })
    await flow.unlink('42')
    expect(requests).toEqual([{ path: routes.telegramUnlink.path, body: { telegram_user_id: '42' } }])
    expect(changes).toEqual(['unlinked telegram'])
  })
})

describe('Telegram return detection', () => {
  it('leaves an address that looks like a return alone when the app has no Telegram bot', async () => {
    const win = new FakeWindow(`${ORIGIN}/?id=1&auth_date=2&hash=${'ab'.repeat(32)}`)
    let loaded = false
    const telegram = lazyTelegram(
      lazily(async () => ((loaded = true), setup({ win }).flow)),
      { window: () => win, configured: () => false, seamlessEnabled: () => false, isAuthenticated: () => false },
    )
    await expect(telegram.handleReturn()).resolves.toBeNull()
    expect(loaded).toBe(false)
    expect(win.replacedWith).toEqual([])
    const configured = lazyTelegram(
      lazily(async () => setup({ win }).flow),
      { window: () => win, configured: () => true, seamlessEnabled: () => false, isAuthenticated: () => false },
    )
    await expect(configured.handleReturn()).resolves.toBe(user)
    expect(win.replacedWith).toEqual(['/'])
  })
})
