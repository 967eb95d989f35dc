/**
 * `<apiUrl>/js/telegram-login.js`: react-auth 2.25 loads it when the app has Telegram sign-in (docs/decisions.md "The reference React SDK") and then
 * calls `Telegram.Login.auth({bot_id, request_access}, callback)`. Served by the real server; its code run in a
 * sandbox with a stand-in window and popup.
 */
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { telegramLoginScript } from './login-script.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

/** A page at `pageOrigin` that ran the script: what it opened, and a way to post to it as a window would. */
function pageRunning(script: string, pageOrigin = 'http://localhost:5173') {
  const listeners: ((event: { source: unknown; origin: string; data: unknown }) => void)[] = []
  const popup = { closed: false, url: '' }
  const window: Record<string, unknown> = {
    location: { origin: pageOrigin },
    open: (url: string) => Object.assign(popup, { url }),
    addEventListener: (_type: string, listener: (typeof listeners)[number]) => listeners.push(listener),
    removeEventListener: (_type: string, listener: (typeof listeners)[number]) => listeners.splice(listeners.indexOf(listener), 1),
  }
  runInNewContext(script, { window, URL, setInterval, clearInterval, setTimeout, JSON })
  const post = (source: unknown, origin: string, data: unknown) => [...listeners].forEach((listener) => listener({ source, origin, data }))
  return { window: window as { Telegram: { Login: { auth(options: object, callback: (result: unknown) => void): void } } }, popup, post, listeners }
}

describe('GET /js/telegram-login.js', () => {
  it('is served as JavaScript on the API origin, without an app id', async () => {
    const response = await fetch(`${t.url}/js/telegram-login.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
    const page = pageRunning(await response.text())
    expect(typeof page.window.Telegram.Login.auth).toBe('function')
  })

  it('opens the widget’s /auth page for the bot and hands the signed result from that popup only to the callback', async () => {
    const page = pageRunning(telegramLoginScript('http://127.0.0.1:4999'))
    const results: unknown[] = []
    page.window.Telegram.Login.auth({ bot_id: '7000000001', request_access: true }, (result) => results.push(result))
    const opened = new URL(page.popup.url)
    expect(opened.origin + opened.pathname).toBe('http://127.0.0.1:4999/auth')
    expect(Object.fromEntries(opened.searchParams)).toEqual({ bot_id: '7000000001', origin: 'http://localhost:5173', request_access: 'write', lang: 'en' })

    const signed = { id: 42, first_name: 'Ada', auth_date: 1700000000, hash: 'abc' }
    page.post({}, 'http://127.0.0.1:4999', JSON.stringify({ event: 'auth_result', result: signed }))
    page.post(page.popup, 'http://evil.example', JSON.stringify({ event: 'auth_result', result: { id: 1 } }))
    expect(results).toEqual([])
    page.post(page.popup, 'http://127.0.0.1:4999', JSON.stringify({ event: 'auth_result', result: signed }))
    expect(results).toEqual([signed])
    expect(page.listeners).toHaveLength(0)
  })

  it('answers false when the user closes the popup without signing in', async () => {
    const page = pageRunning(telegramLoginScript('http://127.0.0.1:4999'))
    const results: unknown[] = []
    page.window.Telegram.Login.auth({ bot_id: '7000000001' }, (result) => results.push(result))
    page.popup.closed = true
    await expect.poll(() => results, { timeout: 3000 }).toEqual([false])
  })
})
