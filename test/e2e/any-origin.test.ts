/**
 * Any origin (issue 15): the vanilla demo served under a name that is not localhost, over plain http, so the page is
 * not a secure context (no crypto.randomUUID, no crypto.subtle, no navigator.clipboard). The dev app does not allow
 * that origin: the modal says so, naming the origin and how to allow it, and `autherror` carries invalid_origin.
 * Then the real CLI adds the origin while the real server process runs (it holds the PGlite data directory), and
 * the same page signs in by email with no page error and no restart.
 */
import type { ChildProcess } from 'node:child_process'
import { appendFileSync, cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID } from '../../src/protocol/index.js'
import { runCli, spawnCli, waitForOutput } from '../../server/src/test-support/run-cli.js'
import { templateDataDir } from '../harness/api-server.js'
import { launchChromium } from '../harness/chromium.js'
import { e2eLogPrefix } from '../harness/e2e-logs.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { modalHidden, modalPart, typeCode, uiTimeout } from '../harness/demo-flows.js'
import { ensureLibraryBuilt } from '../harness/library-build.js'
import { waitForCode } from '../harness/outbox.js'
import { testDataDir } from '../harness/paths.js'

/** A name Chromium resolves to loopback, while the page's origin stays this name: not localhost, not secure. */
const DEMO_HOST = 'demo.tessera.test'

let dataDir: string
let api: { url: string; child: ChildProcess }
let demo: DemoServer
let browser: Browser
let logPrefix: string | undefined

beforeAll(async () => {
  ensureLibraryBuilt()
  mkdirSync(testDataDir, { recursive: true })
  dataDir = mkdtempSync(join(testDataDir, 'any-origin-'))
  cpSync(await templateDataDir(), dataDir, { recursive: true })
  // The real server process, as `tessera-server start --dev` runs for a user: it holds the data directory.
  const child = spawnCli(['start', '--dev', '--port', '0', '--data-dir', dataDir, '--quiet'], { DATABASE_URL: undefined, TESSERA_KEK: undefined })
  // In an e2e run its output (quiet: errors only, no codes) goes to the run's log check (docs/security.md #54), like every API server's.
  logPrefix = await e2eLogPrefix('api')
  if (logPrefix) for (const stream of [child.stdout!, child.stderr!]) stream.pipe(createWriteStream(`${logPrefix}.log`, { flags: 'a' }))
  const output = await waitForOutput(child, /ready at (http:\/\/127\.0\.0\.1:\d+)/)
  api = { url: /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!, child }
  demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: api.url })
  browser = await launchChromium([`--host-resolver-rules=MAP ${DEMO_HOST} 127.0.0.1`])
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
  if (api) {
    const exited = new Promise((resolve) => api.child.once('exit', resolve))
    api.child.kill('SIGTERM')
    await exited
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('a page on another origin over plain http (issue 15)', () => {
  it('is told its origin is refused and how to allow it; once the CLI allows it, signs in by email without a restart', async () => {
    const origin = `http://${DEMO_HOST}:${demo.port}`
    const email = 'lan-user@example.com'
    const page = await browser.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.addInitScript(() => {
      document.addEventListener('autherror', (event) => {
        const codes = JSON.parse(sessionStorage.getItem('e2e:autherror') ?? '[]') as string[]
        sessionStorage.setItem('e2e:autherror', JSON.stringify([...codes, (event as CustomEvent<{ code: string }>).detail.code]))
      })
    })
    await page.goto(`${origin}/vanilla/`)
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID, typeof crypto.subtle])).toEqual([false, 'undefined', 'undefined'])

    await page.locator('#login').click({ timeout: uiTimeout })
    await modalPart(page, 'email-input').fill(email, { timeout: uiTimeout })
    await modalPart(page, 'submit-button').click()
    const refusal = page.locator('auth-modal').getByText(`${origin} is not one of the allowed origins`)
    await refusal.waitFor({ timeout: uiTimeout })
    expect(await refusal.textContent()).toContain(`tessera-server apps update ${DEV_APP_ID} --add-origin ${origin}`)
    expect(await page.locator('auth-modal').getByText('This site is not allowed').count()).toBe(1)
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e:autherror') ?? '[]'))).toContain('invalid_origin')

    // The command the modal names, while the server runs.
    const allowed = await runCli(['apps', 'update', DEV_APP_ID, '--add-origin', origin, '--data-dir', dataDir], { DATABASE_URL: undefined })
    expect(allowed.code, allowed.stderr).toBe(0)

    await modalPart(page, 'error-action')
      .or(page.locator('auth-modal').getByRole('button', { name: 'Try again' }))
      .first()
      .click({ timeout: uiTimeout })
    await modalPart(page, 'email-input').fill(email, { timeout: uiTimeout })
    await modalPart(page, 'submit-button').click()
    const code = await waitForCode(api.url, email)
    if (logPrefix) appendFileSync(`${logPrefix}.codes`, `${code}\n`)
    await typeCode(page, code)
    await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
    await modalHidden(page)
    expect(pageErrors).toEqual([])
    await page.close()
  })
})
