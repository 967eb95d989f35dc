import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const probeDir = fileURLToPath(new URL('./test-fixtures/csp-probe', import.meta.url))

let t: TestServer
let browser: Browser
let foreign: Server
let foreignRequests = 0
beforeAll(async () => {
  t = await startTestServer({ server: { walletFrameDir: probeDir } })
  // Another origin (another port) the frame must not reach; it counts what arrives.
  foreign = createServer((_req, res) => {
    foreignRequests++
    res.writeHead(200, { 'access-control-allow-origin': '*' })
    res.end('reached')
  })
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => foreign?.close(resolve))
  await t?.close()
})

describe("the wallet frame's CSP in Chromium (docs/security.md #43)", () => {
  it('blocks an inline script, eval, new Function and a fetch to another origin, while the frame reaches its own API', async () => {
    const page = await browser.newPage()
    try {
      const foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/steal`
      const ownUrl = `/api/v1/apps/${t.app.id}`
      await page.goto(`${t.url}/apps/${t.app.id}/embedded-wallets?foreign=${encodeURIComponent(foreignUrl)}&own=${encodeURIComponent(ownUrl)}`)
      await page.waitForFunction(() => 'cspProbe' in window, undefined, { timeout: 20_000 })
      const probe = await page.evaluate(() => (window as unknown as { cspProbe: { results: Record<string, unknown>; violations: string[] } }).cspProbe)
      expect(probe.results).toEqual({ inlineScript: 'blocked', eval: 'blocked', newFunction: 'blocked', foreignFetch: 'blocked', ownApi: 200 })
      // The inline script's report fires before this script listens; eval's and the fetch's arrive.
      expect(new Set(probe.violations)).toEqual(new Set(['script-src', 'connect-src']))
      expect(foreignRequests).toBe(0)
    } finally {
      await page.close()
    }
  })
})
