/**
 * docs/security.md #34: tabs whose access token needs refreshing at the same moment make exactly one
 * refresh request between them (Web Locks), and none of them is logged out.
 */
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, TOKEN_FRESHNESS_MARGIN_SECONDS } from '../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../harness/api-server.js'
import { launchChromium } from '../harness/chromium.js'
import { signInOnDemo, uiTimeout } from '../harness/demo-flows.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { ensureLibraryBuilt } from '../harness/library-build.js'

const tabs = 5
/** Fresh for 20 s after issue (time to open the tabs); then inside the 30 s margin. */
const freshSeconds = 20
const accessTokenTtlSeconds = TOKEN_FRESHNESS_MARGIN_SECONDS + freshSeconds

let server: TestServer
let demo: DemoServer
let browser: Browser

beforeAll(async () => {
  ensureLibraryBuilt()
  server = await startTestServer({ accessTokenTtlSeconds })
  demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: server.url })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await server?.close()
})

describe('refresh across tabs', () => {
  it(`${tabs} tabs asking for a token inside the freshness margin at once make one refresh request and stay signed in`, async () => {
    const email = `tabs-${Date.now().toString(36)}@example.com`
    const pageUrl = `http://localhost:${demo.port}/vanilla/`
    const context = await browser.newContext()
    try {
      const first = await context.newPage()
      await signInOnDemo(first, pageUrl, server.url, email)
      const signedInAt = Date.now()
      await first.close()

      // Every tab restores the session while the token is still fresh, and holds the shared client.
      const pages = await Promise.all(Array.from({ length: tabs }, () => context.newPage()))
      await Promise.all(pages.map((page) => page.goto(pageUrl)))
      await Promise.all(pages.map((page) => page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })))
      // A string, so vitest does not rewrite the page's dynamic import.
      const holdClient = `import('/tessera.js').then(({ getOrCreateClient }) => { window.tesseraClient = getOrCreateClient({ appId: ${JSON.stringify(DEV_APP_ID)} }) })`
      for (const page of pages) await page.evaluate(holdClient)
      // Otherwise the tabs refreshed while loading, and the count below would measure nothing.
      expect(Date.now() - signedInAt, 'the tabs took longer to open than the token stays fresh').toBeLessThan(freshSeconds * 1000)

      const refreshes: Request[] = []
      const logouts: Request[] = []
      context.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (request.method() !== 'POST') return
        if (pathname === '/api/v1/sessions') refreshes.push(request)
        if (pathname === '/api/v1/sessions/logout') logouts.push(request)
      })
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, signedInAt + (freshSeconds + 1) * 1000 - Date.now())))
      // All tabs need a token at the same moment.
      const tokens = await Promise.all(
        pages.map((page) =>
          page.evaluate(() => (window as unknown as { tesseraClient: { getAccessToken(): Promise<string | null> } }).tesseraClient.getAccessToken()),
        ),
      )

      expect(refreshes).toHaveLength(1)
      expect(logouts).toHaveLength(0)
      expect(tokens[0]).toEqual(expect.any(String))
      expect(new Set(tokens).size).toBe(1)
      for (const page of pages) expect(await page.locator('#user-email', { hasText: email }).isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  }, 90_000)
})
