/**
 * A new user opens a demo in Chromium, signs in with an email code read from the dev outbox,
 * reloads and is still signed in, then logs out: real server, real bundles, real browser. The
 * vanilla demo uses the script-tag build; the React demo the npm entries through TesseraProvider.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, USER_DID_PREFIX } from '../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../harness/api-server.js'
import { launchChromium } from '../harness/chromium.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { completeEmailLogin, uiTimeout } from '../harness/demo-flows.js'
import { ensureLibraryBuilt } from '../harness/library-build.js'
import { testDataDir } from '../harness/paths.js'
import { buildReactDemo } from '../harness/react-demo.js'

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

let server: TestServer
let demo: DemoServer
let browser: Browser
let reactDemoDir: string | undefined

beforeAll(async () => {
  ensureLibraryBuilt()
  // Built outside dist/, which a library rebuild wipes.
  mkdirSync(testDataDir, { recursive: true })
  reactDemoDir = await buildReactDemo(mkdtempSync(join(testDataDir, 'react-demo-')))
  server = await startTestServer()
  demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: server.url, reactDemoDir })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await server?.close()
  if (reactDemoDir) rmSync(reactDemoDir, { recursive: true, force: true })
})

interface RecordedEvent {
  type: string
  userId: string | null
  isNewUser: boolean | null
}

/** Records the element's public events from the first script on, across reloads (sessionStorage). */
function recordElementEvents(page: Page) {
  return page.addInitScript(() => {
    const key = 'e2e:events'
    for (const type of ['loginsuccess', 'autherror', 'modalclose', 'logout']) {
      document.addEventListener(type, (event) => {
        const detail = (event as CustomEvent).detail as { user?: { id?: string }; isNewUser?: boolean } | null
        const events = JSON.parse(sessionStorage.getItem(key) ?? '[]') as RecordedEvent[]
        events.push({ type, userId: detail?.user?.id ?? null, isNewUser: detail?.isNewUser ?? null })
        sessionStorage.setItem(key, JSON.stringify(events))
      })
    }
  })
}

const recordedEvents = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e:events') ?? '[]') as RecordedEvent[])

/** The whole journey of a new user on one demo page; throws at the first step that does not happen. */
async function signInAndOut(page: Page, demoName: string, email: string) {
  await recordElementEvents(page)
  // The page is on localhost and the API on 127.0.0.1: every call is cross-origin, so CORS is exercised too.
  await page.goto(`http://localhost:${demo.port}/${demoName}/`)
  await page.locator('#login').click({ timeout: uiTimeout })

  // Dismissing the modal reports `modalclose`, and 'Log in' opens it again.
  await page.locator('auth-modal [part~="close-button"]').click({ timeout: uiTimeout })
  await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
  expect((await recordedEvents(page)).map((event) => event.type)).toEqual(['modalclose'])
  await page.locator('#login').click()

  await completeEmailLogin(page, server.url, email)

  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  const userId = (await page.locator('#user-id').textContent()) ?? ''
  expect(userId.startsWith(USER_DID_PREFIX)).toBe(true)
  await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
  expect((await recordedEvents(page)).filter((event) => event.type === 'loginsuccess')).toEqual([{ type: 'loginsuccess', userId, isNewUser: true }])

  // The session is restored from storage after a reload, without a new login.
  await page.reload()
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  expect(await page.locator('#user-id').textContent()).toBe(userId)
  expect(await page.locator('#login').isVisible()).toBe(false)

  await page.locator('#logout').click()
  await page.locator('#login').waitFor({ timeout: uiTimeout })
  expect(await page.locator('#signed-in').isVisible()).toBe(false)
  expect(await page.locator('#user-email', { hasText: email }).count()).toBe(0)
  // The element reports a logout made through the shared client, whoever called it.
  expect((await recordedEvents(page)).filter((event) => event.type === 'logout')).toHaveLength(1)

  // Still signed out after another reload: logout cleared the stored session.
  await page.reload()
  await page.locator('#login').waitFor({ timeout: uiTimeout })
  expect(await page.locator('#signed-in').isVisible()).toBe(false)
}

describe.each(['vanilla', 'react'])('email sign-in on the %s demo', (demoName) => {
  it('a new user signs in with a code from the outbox, stays signed in across a reload, and logs out', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const pageErrors: string[] = []
    const consoleErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    try {
      await signInAndOut(page, demoName, `e2e-${demoName}-${runId}@example.com`)
    } catch (error) {
      // A timeout names what was awaited; the page's own errors usually say why.
      if (error instanceof Error) error.message += [...pageErrors, ...consoleErrors].map((line) => `\n  page: ${line}`).join('')
      throw error
    } finally {
      await context.close()
    }
    expect(pageErrors).toEqual([])
  })
})
