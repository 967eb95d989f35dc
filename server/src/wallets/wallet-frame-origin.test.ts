import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_READY_EVENT } from '../../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

// The built frame (npm run build), the same page and scripts an app's users get.
const builtFrameDir = fileURLToPath(new URL('../../../dist/frame', import.meta.url))

let t: TestServer
let browser: Browser
let parents: Server[]
let allowedParent: string
let foreignParent: string
// One header-less copy of the frame per parent, so each frame's API calls are counted apart.
let headerless: { foreign: HeaderlessCopy; allowed: HeaderlessCopy }
interface HeaderlessCopy {
  server: Server
  apiCalls: string[]
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const close = (server: Server | undefined) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))

// A host page that embeds `?frame=` and keeps every message the frame posts to it.
const parentPage = (frameUrl: string) => `<!doctype html><meta charset="utf-8"><script>
window.received = []
addEventListener('message', (event) => window.received.push(event.data))
</script><iframe id="wallet" src="${frameUrl.replace(/"/g, '&quot;')}"></iframe>`

/** The server's frame with its Content-Security-Policy header stripped (a copy served without the header), counting API calls. */
function headerlessCopyOf(upstream: string): HeaderlessCopy {
  const apiCalls: string[] = []
  const server = createServer((incoming, outgoing) => {
    if (incoming.url?.startsWith('/api/')) apiCalls.push(incoming.url)
    const forwarded = request(new URL(incoming.url ?? '/', upstream), { method: incoming.method, headers: incoming.headers }, (answer) => {
      const { 'content-security-policy': _stripped, ...headers } = answer.headers
      outgoing.writeHead(answer.statusCode ?? 502, headers)
      answer.pipe(outgoing)
    })
    incoming.pipe(forwarded)
  })
  return { server, apiCalls }
}

beforeAll(async () => {
  // Two host pages on two origins (two ports): only the first is on the app's allowlist.
  parents = [0, 1].map(() =>
    createServer((req, res) => {
      const frameUrl = new URL(req.url ?? '/', 'http://host').searchParams.get('frame') ?? ''
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(parentPage(frameUrl))
    }),
  )
  ;[allowedParent, foreignParent] = (await Promise.all(parents.map(listen))) as [string, string]
  t = await startTestServer({ server: { walletFrameDir: builtFrameDir }, app: { name: 'Origin App', allowedOrigins: [allowedParent] } })
  headerless = { foreign: headerlessCopyOf(t.url), allowed: headerlessCopyOf(t.url) }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([...(parents ?? []), headerless?.foreign.server, headerless?.allowed.server].map(close))
  await t?.close()
})

/** Opens `parent` embedding `frameUrl`; `consoleText(pattern)` waits until a console line of the page or its frame matches. */
async function openParent(parent: string, frameUrl: string) {
  const page = await browser.newPage()
  const lines: string[] = []
  page.on('console', (message) => lines.push(message.text()))
  await page.goto(`${parent}/?frame=${encodeURIComponent(frameUrl)}`)
  const consoleText = (pattern: RegExp) => expect.poll(() => lines.find((line) => pattern.test(line)), { timeout: 20_000 }).toBeDefined()
  return { page, consoleText }
}
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: unknown[] }).received)
/** Posts a well-formed frame request to the embedded frame, as the host SDK does. */
const postToFrame = (page: Page, request: unknown) =>
  page.evaluate((message) => {
    ;(document.getElementById('wallet') as HTMLIFrameElement).contentWindow!.postMessage(message, '*')
  }, request)

describe('the wallet frame under a parent that is not allowed (docs/security.md #39)', () => {
  it('is blocked by frame-ancestors when served with its header', async () => {
    const { page, consoleText } = await openParent(foreignParent, `${t.url}/apps/${t.app.id}/embedded-wallets`)
    try {
      await consoleText(/frame-ancestors/)
      expect(await received(page)).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('served without the header, refuses to initialise: no ready message, no answer to a well-formed request, no API call; an allowed parent gets all three', async () => {
    const token = (await t.login('frame-origin@example.com')).body.token as string
    const framePath = `/apps/${t.app.id}/embedded-wallets`
    const createRequest = (id: string) => ({ id, event: 'wallet:create', data: { accessToken: token } })

    const foreignFrameUrl = `${await listen(headerless.foreign.server)}${framePath}`
    const foreign = await openParent(foreignParent, foreignFrameUrl)
    const allowed = await openParent(allowedParent, `${await listen(headerless.allowed.server)}${framePath}`)
    try {
      // The header-less copy is not blocked: its page loads (its module script has run by then) under the foreign parent.
      const foreignFrame = foreign.page.frames().find((frame) => frame.url() === foreignFrameUrl)
      expect(foreignFrame).toBeDefined()
      await foreignFrame!.waitForLoadState('load')
      const readyRequest = { id: 'ready', event: FRAME_READY_EVENT, data: {} }
      await postToFrame(foreign.page, readyRequest)
      await postToFrame(foreign.page, createRequest('from-foreign'))

      // The frame posts nothing unasked: a parent asks for readiness until answered, as the host SDK does.
      await expect
        .poll(
          async () => {
            await postToFrame(allowed.page, readyRequest)
            return received(allowed.page)
          },
          { timeout: 20_000 },
        )
        .toContainEqual(readyRequest)
      await postToFrame(allowed.page, createRequest('from-allowed'))
      await expect
        .poll(async () => (await received(allowed.page)).find((message) => (message as { id: string }).id === 'from-allowed'), { timeout: 30_000 })
        .toMatchObject({ data: { address: expect.any(String) } })

      // The foreign page's request went first; the allowed page's has been answered after a round trip to the API.
      expect(await received(foreign.page)).toEqual([])
      expect(headerless.foreign.apiCalls).toEqual([])
      expect(headerless.allowed.apiCalls.length).toBeGreaterThan(0)
      // Its script did run there, and stopped itself.
      await foreign.consoleText(/wallet frame: not started/)
      const me = await t.call('/api/v1/users/me', { token })
      expect(me.body.user.linked_accounts.filter((account: { connector_type?: string }) => account.connector_type === 'embedded')).toHaveLength(1)
    } finally {
      await Promise.all([foreign.page.close(), allowed.page.close()])
    }
  })
})
