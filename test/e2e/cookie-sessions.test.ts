/**
 * Cookie sessions (SECURITY.md #38) in a real browser: the dev app keeps the refresh token in an HttpOnly cookie on
 * the API origin. A user signs in on the vanilla demo through <auth-modal>, reloads and is still signed in (the
 * refresh rides on the cookie), no token ever reaches localStorage or document.cookie, then logs out.
 * The page (localhost:<demo port>) and the API (localhost:<api port>) are same-site, as cookie sessions require.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID } from '../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../harness/api-server.js'
import { launchChromium } from '../harness/chromium.js'
import { completeEmailLogin, uiTimeout } from '../harness/demo-flows.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { ensureLibraryBuilt } from '../harness/library-build.js'
import { testDataDir } from '../harness/paths.js'

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

let configDir: string
let server: TestServer
let apiUrl: string
let demo: DemoServer
let browser: Browser

beforeAll(async () => {
  ensureLibraryBuilt()
  configDir = mkdtempSync(join(testDataDir, 'cookie-sessions-'))
  const configFile = join(configDir, 'config.json')
  // null api_url: the app config announces the origin the browser asked, localhost here.
  writeFileSync(configFile, JSON.stringify({ apps: [{ id: DEV_APP_ID, cookie_sessions: { access_token_in_cookie: false, api_url: null } }] }))
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
  const cookies = await context.cookies(apiUrl + '/api/v1/sessions')
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

describe('cookie sessions in Chromium', () => {
  it('SECURITY 38: a user signs in, reloads and is still signed in with no token in localStorage, then logs out', async () => {
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
})
