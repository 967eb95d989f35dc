import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.js'
import { createServerContext } from '../server.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { FRAME_NOT_BUILT } from './wallet-frame-page.js'

const frameDir = fileURLToPath(new URL('./test-fixtures/frame', import.meta.url))
const expectedCsp = (ancestors: string) =>
  `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ server: { walletFrameDir: frameDir }, app: { allowedOrigins: [TEST_ORIGIN, 'http://localhost:*'] } })
})
afterAll(async () => {
  await t?.close()
})

const get = (path: string) => fetch(t.url + path)
const configOf = (html: string) => JSON.parse(/<script type="application\/json" id="tessera-frame-config">(.*?)<\/script>/s.exec(html)![1]!)

describe('the wallet frame page', () => {
  it("serves the built page with the app's config and a CSP framed only by the app's origins", async () => {
    for (const [path, script] of [
      [`/apps/${t.app.id}/embedded-wallets`, 'frame-Ab12_cd.js'],
      [`/apps/${t.app.id}/embedded-wallets/export`, 'export-Xy34_ef.js'],
    ] as const) {
      const response = await get(`${path}?caid=abc&client_id=x`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('content-security-policy')).toBe(expectedCsp(`${TEST_ORIGIN} http://localhost:*`))
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('cache-control')).toBe('no-store')
      const html = await response.text()
      expect(configOf(html)).toEqual({ app_id: t.app.id, allowed_origins: [TEST_ORIGIN, 'http://localhost:*'] })
      expect(html.indexOf('tessera-frame-config')).toBeLessThan(html.indexOf('</head>'))
      // The export path serves the export page of the same build, not the wallet frame.
      expect(html).toContain(`src="/embedded-wallets/assets/${script}"`)
    }
  })

  it("tells the frame when the app's wallets are server-managed", async () => {
    const serverManaged = await t.createApp({
      name: 'Server wallets',
      allowedOrigins: [TEST_ORIGIN],
      embeddedWallets: { ...t.app.embeddedWallets, mode: 'user-controlled-server-wallets-only' },
    })
    expect(configOf(await (await get(`/apps/${serverManaged.id}/embedded-wallets`)).text())).toEqual({
      app_id: serverManaged.id,
      allowed_origins: [TEST_ORIGIN],
      embedded_wallets_mode: 'user-controlled-server-wallets-only',
    })
  })

  it('lets no one frame it for an app without origins, drops origins that would break the CSP, and escapes the config', async () => {
    const closed = await t.createApp({ name: 'No origins', allowedOrigins: [] })
    expect((await get(`/apps/${closed.id}/embedded-wallets`)).headers.get('content-security-policy')).toBe(expectedCsp("'none'"))
    const hostile = ['https://ok.example', 'https://x.example; script-src *', 'https://a.example</script><script>alert(1)</script>']
    const odd = await t.createApp({ name: 'Odd origins', allowedOrigins: hostile })
    const response = await get(`/apps/${odd.id}/embedded-wallets`)
    expect(response.headers.get('content-security-policy')).toBe(expectedCsp('https://ok.example'))
    const html = await response.text()
    expect(html).not.toContain('<script>alert(1)')
    expect(configOf(html).allowed_origins).toEqual(hostile)
  })

  it('lets the frame reach the Drive API, and tells it where, only for an app that offers Google Drive backups', async () => {
    const drive = 'http://127.0.0.1:4567'
    const app = await t.createApp({
      name: 'Drive backups',
      allowedOrigins: [TEST_ORIGIN],
      embeddedWallets: { ...t.app.embeddedWallets, userOwnedRecoveryOptions: ['google-drive'], googleDriveApiUrl: `${drive}/` },
    })
    const response = await get(`/apps/${app.id}/embedded-wallets`)
    expect(response.headers.get('content-security-policy')).toBe(expectedCsp(TEST_ORIGIN).replace("connect-src 'self'", `connect-src 'self' ${drive}`))
    expect(configOf(await response.text()).google_drive_api_url).toBe(`${drive}/`)
    // The same Drive URL without the option: no Drive in the CSP or the config.
    const without = await t.createApp({ ...app, embeddedWallets: { ...app.embeddedWallets, userOwnedRecoveryOptions: ['user-passcode'] } })
    const plain = await get(`/apps/${without.id}/embedded-wallets`)
    expect(plain.headers.get('content-security-policy')).toBe(expectedCsp(TEST_ORIGIN))
    expect(configOf(await plain.text()).google_drive_api_url).toBeUndefined()
  })

  it('answers 404 for an unknown app', async () => {
    const response = await get('/apps/no-such-app/embedded-wallets')
    expect(response.status).toBe(404)
    expect((await response.json()).code).toBe('not_found')
  })
})

describe("the frame's assets", () => {
  it('serves a built script with its type, nosniff and the CSP', async () => {
    const response = await get('/embedded-wallets/assets/frame-Ab12_cd.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe(expectedCsp("'none'"))
    expect(await response.text()).toContain("'wallet-frame'")
  })

  it('refuses traversal, hidden files, unknown types and missing files with 404', async () => {
    for (const path of ['..%2Findex.html', '%2e%2e%2f%2e%2e%2fpackage.json', '..%5C..%5Cindex.html', '.hidden.js', 'index.html', 'missing-123.js']) {
      const response = await get(`/embedded-wallets/assets/${path}`)
      expect(response.status, path).toBe(404)
    }
    // A NUL anywhere in a URL is refused before routing.
    expect((await get('/embedded-wallets/assets/frame-Ab12_cd.js%00.js')).status).toBe(400)
    expect((await get('/embedded-wallets/assets/../index.html')).status).toBe(404)
    expect((await get('/embedded-wallets/index.html')).status).toBe(404)
  })
})

describe('without a built frame', () => {
  it('answers 503 with how to build it', async () => {
    const ctx = await createServerContext({ quiet: true, walletFrameDir: '/nonexistent/tessera-frame' }, { db: t.db, clock: t.clock, delivery: t.inbox })
    const app = createApp(ctx)
    for (const path of [`/apps/${t.app.id}/embedded-wallets`, '/embedded-wallets/assets/frame-Ab12_cd.js']) {
      const response = await app.request(path)
      expect(response.status).toBe(503)
      expect(await response.text()).toBe(FRAME_NOT_BUILT)
    }
  })
})
