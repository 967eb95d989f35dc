/**
 * Issue 15 item 4, strict Content-Security-Policy: the vanilla demo served with exactly the policy the README
 * publishes (its API origin put in), end to end in Chromium: the Farcaster QR code, sign-in by email, the embedded
 * wallets' creation, a sent Ethereum and a sent Solana transaction (checked on the chains). Not one violation: each
 * `securitypolicyviolation` event in the page, its shadow roots and the wallet frame is reported to the test through a
 * binding installed in every frame, and each report the browser posts to the page's `report-uri` is kept by the demo
 * server; a deliberately blocked fetch at the end, from the page and from the frame, shows both collectors listening.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID } from '../../src/protocol/index.js'
import {
  approveButton,
  confirmationDone,
  demoEthereumAddress,
  landingRow,
  modalHidden,
  modalPart,
  signInOnDemo,
  uiTimeout,
  walletTimeout,
} from '../harness/demo-flows.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { fundAddress } from '../harness/local-chains.js'
import { repoRoot } from '../harness/paths.js'

/** The README's policy, with the example API origin it names. */
const README_API_ORIGIN = 'https://auth.example.com'

/** The one Content-Security-Policy line of the README's "Content-Security-Policy" section. */
function publishedPolicy(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const section = readme.split(/^## /m).find((part) => part.startsWith('Content-Security-Policy\n'))
  const line = section?.split('\n').find((text) => text.startsWith('Content-Security-Policy: '))
  if (!line) throw new Error('README.md publishes no Content-Security-Policy line')
  return line.slice('Content-Security-Policy: '.length)
}

interface Violation {
  where: string
  directive: string
  blocked: string
  source: string
}

/** An address no policy here allows: fetched on purpose at the end to show both collectors work. */
const SENTINEL_URL = 'https://csp-sentinel.invalid/'
/** The blocked URL of a `report-uri` report (`{ "csp-report": { "blocked-uri": ... } }`). */
const blockedUriOf = (report: unknown) =>
  (report as { 'csp-report'?: { 'blocked-uri'?: string } } | null)?.['csp-report']?.['blocked-uri'] ?? JSON.stringify(report)

let stack: E2eStack
let demo: DemoServer
let policy: string
const reports: unknown[] = []

beforeAll(async () => {
  stack = await startE2eStack()
  const apiOrigin = new URL(stack.api.url).origin
  policy = publishedPolicy().replaceAll(README_API_ORIGIN, apiOrigin)
  // The same vanilla demo and script-tag build, on its own port under the policy (the dev app allows any localhost port).
  demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: stack.api.url, contentSecurityPolicy: { policy, onReport: (report) => void reports.push(report) } })
}, 120_000)
afterAll(async () => {
  await demo?.close()
  await stack?.close()
})

/** Every violation event of every frame of the page (the wallet frame too), in its shadow roots included (they are composed). */
async function collectViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = []
  await page.exposeBinding('tesseraCspViolation', ({ frame }, event: Omit<Violation, 'where'>) => void violations.push({ where: frame.url(), ...event }))
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { tesseraCspViolation: (violation: object) => void }).tesseraCspViolation
        report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` })
      },
      true,
    )
  })
  return violations
}

async function sentResult(page: Page, button: string, pattern: RegExp): Promise<string> {
  await page.locator(button).click()
  await modalPart(page, 'title').filter({ hasText: 'Confirm transaction' }).waitFor({ timeout: walletTimeout })
  await approveButton(page).click({ timeout: walletTimeout })
  await confirmationDone(page)
  const result = page.locator('#send-result').filter({ hasText: pattern })
  await result.waitFor({ timeout: walletTimeout })
  return (await result.textContent())!
}

describe("the vanilla demo under the README's strict Content-Security-Policy", () => {
  it('shows the Farcaster QR code, signs in, creates the wallets and sends on both chains with zero violations', async () => {
    expect(policy).toMatch(/^default-src 'self'; /)
    expect(policy).not.toMatch(/unsafe-|data:|blob:|\*/)
    await inNewPage(stack.browser, async (page) => {
      const violations = await collectViolations(page)
      const pageUrl = `http://localhost:${demo.port}/vanilla/`
      const response = await page.goto(pageUrl)
      expect(response?.headers()['content-security-policy']).toBe(`${policy}; report-uri /csp-report`)

      // The Farcaster QR code: an inline SVG drawing, which img-src 'self' does not block.
      await page.locator('#login').click({ timeout: uiTimeout })
      await (await landingRow(page, modalPart(page, 'farcaster-button'))).click({ timeout: uiTimeout })
      const qr = modalPart(page, 'farcaster-qr-code')
      await qr.waitFor({ timeout: uiTimeout })
      expect(await qr.evaluate((svg) => [svg.localName, svg.getAttribute('aria-label'), svg.getBoundingClientRect().width])).toEqual([
        'svg',
        'QR code to open in the Farcaster app',
        275,
      ])
      await modalPart(page, 'close-button').click()
      await modalHidden(page)

      // Sign-in by email; the dev app creates an Ethereum and a Solana wallet in the wallet frame at sign-in.
      await signInOnDemo(page, pageUrl, stack.api.url, `e2e-csp-${runId()}@example.com`)
      const ethereum = await demoEthereumAddress(page)
      const solanaAddress = page.locator('#embedded-wallets li[data-chain="solana"] .address')
      await solanaAddress.waitFor({ timeout: walletTimeout })
      const solana = (await solanaAddress.textContent())!
      await fundAddress(stack.chain, ethereum, parseEther('1'))
      await fundAddress(stack.chain, solana, 10n ** 9n)

      // A sent Ethereum transaction: prepared, broadcast and its receipt read through the API's chain relay.
      const hash = await sentResult(page, '#send-eth', /^0x[0-9a-f]{64}$/)
      const receipt = (await rpc(stack.chain.anvil.rpcUrl, 'eth_getTransactionReceipt', [hash])) as { status: string; from: string }
      expect(receipt).toMatchObject({ status: '0x1', from: ethereum.toLowerCase() })

      // A sent Solana transaction, confirmed by polling its status through the relay (no websocket).
      const signature = await sentResult(page, '#send-sol', /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      const statuses = (await rpc(stack.chain.solana.rpcUrl, 'getSignatureStatuses', [[signature]])) as { value: ({ err: unknown } | null)[] }
      expect(statuses.value[0]).toMatchObject({ err: null })

      // Last, one fetch the policy must block from the page and one from the wallet frame: both collectors see them
      // (so an empty list means no violation, not a deaf listener), and the page's report arrives after any earlier one.
      const walletFrame = page.frames().find((frame) => frame.url().startsWith(`${stack.api.url}/apps/${DEV_APP_ID}/embedded-wallets`))
      expect(walletFrame).toBeDefined()
      await page.evaluate((url) => fetch(url).catch(() => null), SENTINEL_URL)
      await walletFrame!.evaluate((url) => fetch(url).catch(() => null), SENTINEL_URL)
      await expect.poll(() => violations.length, { timeout: uiTimeout }).toBeGreaterThanOrEqual(2)
      await expect.poll(() => reports.map(blockedUriOf), { timeout: uiTimeout }).toContain(SENTINEL_URL)
      expect(violations).toEqual([
        { where: pageUrl, directive: 'connect-src', blocked: SENTINEL_URL, source: expect.any(String) },
        { where: walletFrame!.url(), directive: 'connect-src', blocked: SENTINEL_URL, source: expect.any(String) },
      ])
      expect(reports.map(blockedUriOf)).toEqual([SENTINEL_URL])
    })
  })
})

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
