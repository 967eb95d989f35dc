/**
 * Cookie sessions (docs/security.md #38) in a real browser: the dev app keeps the refresh token in an HttpOnly cookie on
 * the API origin. A user signs in on the vanilla demo through <auth-modal>, reloads and is still signed in (the
 * refresh rides on the cookie), no token ever reaches localStorage or document.cookie, then logs out. The reference
 * client (`@privy-io/js-sdk-core`, bundled for the page) does the same against an app that keeps the access token in
 * a cookie too. The pages (localhost:<demo port>) and the API (localhost:<api port>) are same-site, as cookie sessions
 * require.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { build, type Rolldown } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COOKIE_REFRESH_TOKEN_PLACEHOLDER, DEV_APP_ID, type AuthenticatedUserDto } from '../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../harness/api-server.js'
import { launchChromium } from '../harness/chromium.js'
import { completeEmailLogin, uiTimeout } from '../harness/demo-flows.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { ensureLibraryBuilt } from '../harness/library-build.js'
import { waitForCode } from '../harness/outbox.js'
import { testDataDir } from '../harness/paths.js'

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

let configDir: string
let server: TestServer
let apiUrl: string
let demo: DemoServer
let browser: Browser
let referenceClient: string
/** Keeps the access token in a cookie too: the reference client stores any token it is given. */
const REFERENCE_APP_ID = 'cookie-reference-app-0001'

beforeAll(async () => {
  ensureLibraryBuilt()
  configDir = mkdtempSync(join(testDataDir, 'cookie-sessions-'))
  const configFile = join(configDir, 'config.json')
  // null api_url: the app config announces the origin the browser asked, localhost here.
  const referenceApp = {
    id: REFERENCE_APP_ID,
    name: 'Reference client',
    allowed_origins: ['http://localhost:*'],
    login_methods: ['email'],
    cookie_sessions: { access_token_in_cookie: true },
  }
  writeFileSync(configFile, JSON.stringify({ apps: [{ id: DEV_APP_ID, cookie_sessions: { access_token_in_cookie: false, api_url: null } }, referenceApp] }))
  referenceClient = await bundleReferenceClient(configDir)
  server = await startTestServer({ configFile })
  apiUrl = server.url.replace('127.0.0.1', 'localhost')
  demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await server?.close()
  if (configDir) rmSync(configDir, { recursive: true, force: true })
})

/** Every localStorage value and the page's readable cookies that look like a token (JWT or 43-character refresh token). */
const tokensVisibleToThePage = (page: Page) =>
  page.evaluate(() => {
    const values = [...Array.from({ length: localStorage.length }, (_, i) => localStorage.getItem(localStorage.key(i)!) ?? ''), document.cookie]
    return values.filter((value) => /eyJ[\w-]+\.|[\w-]{43}/.test(value))
  })

async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies(`${apiUrl}/api/v1/sessions`)
  return new Map(cookies.map((cookie) => [cookie.name, cookie]))
}

async function signInReloadAndOut(context: BrowserContext, page: Page, email: string) {
  await page.goto(`http://localhost:${demo.port}/vanilla/`)
  await page.locator('#login').click({ timeout: uiTimeout })
  await completeEmailLogin(page, apiUrl, email)
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  const userId = await page.locator('#user-id').textContent()

  const refresh = (await sessionCookies(context)).get('privy-refresh-token')
  expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/v1/sessions' })
  expect(await tokensVisibleToThePage(page)).toEqual([])

  // The session comes back from the cookie alone: memory is gone, storage holds no token.
  await page.reload()
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  expect(await page.locator('#user-id').textContent()).toBe(userId)
  expect(await tokensVisibleToThePage(page)).toEqual([])
  // The refresh rotated the cookie.
  expect((await sessionCookies(context)).get('privy-refresh-token')?.value).not.toBe(refresh!.value)

  await page.locator('#logout').click()
  await page.locator('#login').waitFor({ timeout: uiTimeout })
  expect((await sessionCookies(context)).has('privy-refresh-token')).toBe(false)
  await page.reload()
  await page.locator('#login').waitFor({ timeout: uiTimeout })
  expect(await page.locator('#signed-in').isVisible()).toBe(false)
}

/** `@privy-io/js-sdk-core` as one ES module a page can import. */
async function bundleReferenceClient(dir: string): Promise<string> {
  const entry = join(dir, 'reference-client.js')
  writeFileSync(entry, "export { default as Privy, LocalStorage } from '@privy-io/js-sdk-core'\n")
  const result = await build({
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'reference-client' } },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  return outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk')!.code
}

const referenceBase = () => `http://localhost:${demo.port}/reference-client`

/**
 * Serves the bundled reference client on the demo origin. The page itself comes from the demo server (its plain
 * 'Not found'): Chromium lets only a document from a loopback server call the loopback API.
 */
const serveReferenceClient = (page: Page) =>
  page.route(`${referenceBase()}/reference-client.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: referenceClient }))

/** Loads the page afresh (memory gone, as on a reload) and makes an initialised client on `window.privy`. */
async function openReferencePage(page: Page) {
  await page.goto(`${referenceBase()}/`)
  const options = JSON.stringify({ appId: REFERENCE_APP_ID, baseUrl: apiUrl, sdkVersion: 'js-sdk-core:cookie-e2e' })
  // A string, not a function: vitest would rewrite a function's dynamic import for Node.
  await page.evaluate(`(async () => {
    const { Privy, LocalStorage } = await import(${JSON.stringify(`${referenceBase()}/reference-client.js`)})
    window.privy = new Privy({ ...${options}, storage: new LocalStorage() })
    await window.privy.initialize()
  })()`)
}

/** The part of the reference client the scenario calls in the page. */
interface ReferenceWindow {
  privy: {
    auth: {
      email: { sendCode(email: string): Promise<unknown>; loginWithCode(email: string, code: string): Promise<AuthenticatedUserDto> }
      logout(): Promise<void>
    }
    user: { get(): Promise<{ user: { id: string } }> }
  }
}

/** Every localStorage entry holding a token: a JWT or a 43-character refresh token (the placeholder is neither). */
const referenceTokensInStorage = (page: Page) =>
  page.evaluate(() => Object.entries(localStorage).filter(([, value]) => /eyJ[\w-]+\.|^"?[\w-]{43}"?$/.test(value)))

describe('cookie sessions in Chromium', () => {
  it('docs/security.md #38: a user signs in, reloads and is still signed in with no token in localStorage, then logs out', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    try {
      await signInReloadAndOut(context, page, `cookie-${runId}@example.com`)
    } catch (error) {
      if (error instanceof Error) error.message += pageErrors.map((line) => `\n  page: ${line}`).join('')
      throw error
    } finally {
      await context.close()
    }
    expect(pageErrors).toEqual([])
  })

  it('docs/security.md #38: the reference client signs in, refreshes through the cookies after a reload, and logs out, with no token in localStorage', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const email = `cookie-reference-${runId}-${Date.now()}@example.com`
    try {
      await serveReferenceClient(page)
      await openReferencePage(page)
      await page.evaluate((to) => (window as unknown as ReferenceWindow).privy.auth.email.sendCode(to), email)
      const code = await waitForCode(server.url, email)
      const login = await page.evaluate(({ to, otp }) => (window as unknown as ReferenceWindow).privy.auth.email.loginWithCode(to, otp), {
        to: email,
        otp: code,
      })
      expect(login).toMatchObject({ token: null, refresh_token: COOKIE_REFRESH_TOKEN_PLACEHOLDER, is_new_user: true })
      const cookies = await sessionCookies(context)
      expect(cookies.get('privy-token')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/v1' })
      expect(cookies.get('privy-refresh-token')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' })
      expect(await referenceTokensInStorage(page)).toEqual([])

      await openReferencePage(page)
      // `user.get()` always refreshes: it has no token, only the readable privy-session cookie saying one is worth trying.
      const refreshed = await page.evaluate(() => (window as unknown as ReferenceWindow).privy.user.get())
      expect(refreshed.user.id).toBe(login.user?.id)
      expect((await sessionCookies(context)).get('privy-refresh-token')?.value).not.toBe(cookies.get('privy-refresh-token')!.value)
      expect(await referenceTokensInStorage(page)).toEqual([])

      await page.evaluate(() => (window as unknown as ReferenceWindow).privy.auth.logout())
      expect([...(await sessionCookies(context)).keys()].filter((name) => name.startsWith('privy-'))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
