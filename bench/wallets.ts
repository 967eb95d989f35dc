/**
 * The embedded-wallet rows of `npm run bench`, measured in Chromium on the vanilla demo against the dev stack
 * (the dev app creates an Ethereum and a Solana wallet at sign-in). Times are the page's own clock
 * (`performance.now()`), read by observers installed before the action, so Playwright's polling adds nothing.
 * - creation: a new user types the last digit of the email code → both addresses shown in the demo's wallet panel;
 * - signing: 'Sign and continue' clicked in the confirmation → the signature shown, with the wallet already unlocked
 *   (connected); the time the user spends reading the confirmation is theirs, not the product's.
 */
import type { Browser, Page } from 'playwright-core'
import { OTP_LENGTH } from '../src/protocol/index.js'
import { startTestServer } from '../test/harness/api-server.js'
import { uiTimeout } from '../test/harness/demo-flows.js'
import { startDevStack } from '../test/harness/dev-stack.js'
import { waitForCode } from '../test/harness/outbox.js'
import { measureFunding, type FundingBench } from './funding.js'

export interface WalletCreationRun {
  /** Last code digit typed → the page shows the signed-in user. */
  signedInMs: number
  /** Last code digit typed → both wallet addresses shown. */
  addressesShownMs: number
}

export interface WalletBench {
  creation: WalletCreationRun[]
  /** The first signature after the wallets were shown (may load the signing code). */
  firstSignatureMs: number
  signatureMs: number[]
}

const walletTimeoutMs = 60_000
const addressSelector = (chain: 'ethereum' | 'solana') => `#embedded-wallets li[data-chain="${chain}"] .address`

declare global {
  interface Window {
    __tesseraBench?: { signedIn: Promise<number>; walletsShown: Promise<number> }
  }
}

/** Resolves (in the page) with performance.now() at the first DOM state where `ready()` holds. */
async function installMilestones(page: Page, email: string): Promise<void> {
  await page.evaluate(
    ({ email, ethereumSelector, solanaSelector }) => {
      const when = (ready: () => boolean) =>
        new Promise<number>((resolve) => {
          const check = () => {
            if (!ready()) return
            observer.disconnect()
            resolve(performance.now())
          }
          const observer = new MutationObserver(check)
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
          check()
        })
      const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? ''
      window.__tesseraBench = {
        signedIn: when(() => text('#user-email') === email),
        // Real addresses, not a placeholder: 0x + 40 hex digits, and a base58 public key.
        walletsShown: when(() => /^0x[0-9a-fA-F]{40}$/.test(text(ethereumSelector)) && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text(solanaSelector))),
      }
    },
    { email, ethereumSelector: addressSelector('ethereum'), solanaSelector: addressSelector('solana') },
  )
}

async function milestone(page: Page, name: 'signedIn' | 'walletsShown'): Promise<number> {
  return page.evaluate(
    ({ name, timeoutMs }) =>
      Promise.race([
        window.__tesseraBench![name],
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${name} not reached after ${timeoutMs} ms`)), timeoutMs)),
      ]),
    { name, timeoutMs: walletTimeoutMs },
  )
}

/** Signs in a new user by email on the demo and times their wallets' creation; leaves the page signed in. */
export async function measureCreation(
  page: Page,
  pageUrl: string,
  apiUrl: string,
  email: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<WalletCreationRun> {
  await page.goto(pageUrl)
  await prepare?.(page)
  await page.locator('#login').click({ timeout: uiTimeout })
  await page.locator('auth-modal [part~="email-input"]').fill(email, { timeout: uiTimeout })
  await page.locator('auth-modal [part~="submit-button"]').click()
  const code = await waitForCode(apiUrl, email)
  const boxes = page.locator('auth-modal [part~="code-input"] input')
  await boxes.first().waitFor({ timeout: uiTimeout })
  for (let index = 0; index < OTP_LENGTH - 1; index++) await boxes.nth(index).fill(code[index]!)
  await installMilestones(page, email)
  const submittedAt = await page.evaluate(() => performance.now())
  // The element submits a complete code by itself.
  await boxes.nth(OTP_LENGTH - 1).fill(code[OTP_LENGTH - 1]!)
  const signedInAt = await milestone(page, 'signedIn')
  const walletsShownAt = await milestone(page, 'walletsShown')
  return { signedInMs: signedInAt - submittedAt, addressesShownMs: walletsShownAt - submittedAt }
}

/**
 * Clicks 'Sign a message', then times the confirmation's approval until a signature (0x + 65 bytes) is shown. The
 * result is cleared first: the demo signs the same message each time, and personal_sign signatures are
 * deterministic. An error the demo shows instead (#action-error) fails the run.
 */
async function measureSignature(page: Page): Promise<number> {
  // The last signature's confirmation has closed (its success shows for a moment first).
  await page.waitForFunction(() => !(document.querySelector('auth-modal') as HTMLElement & { open: boolean }).open, undefined, { timeout: walletTimeoutMs })
  return page.evaluate(async (timeoutMs) => {
    const result = document.querySelector('#sign-result')!
    const error = document.querySelector('#action-error')!
    result.textContent = ''
    const deadline = performance.now() + timeoutMs
    const signed = new Promise<number>((resolve, reject) => {
      const check = () => {
        const text = result.textContent?.trim() ?? ''
        const failure = (error as HTMLElement).hidden ? '' : (error.textContent?.trim() ?? '')
        if (!text && !failure) return
        observer.disconnect()
        if (/^0x[0-9a-fA-F]{130}$/.test(text)) resolve(performance.now())
        else reject(new Error(failure ? `the demo shows '${failure.slice(0, 200)}'` : `#sign-result shows '${text.slice(0, 200)}'`))
      }
      const observer = new MutationObserver(check)
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
      setTimeout(() => reject(new Error(`no signature after ${timeoutMs} ms`)), timeoutMs)
    })
    ;(document.querySelector('#sign-message') as HTMLButtonElement).click()
    // The confirmation renders in the modal's shadow root, which the observer above does not see: poll each frame.
    let approve: HTMLButtonElement | null = null
    while (!approve) {
      if (performance.now() > deadline) throw new Error(`no confirmation after ${timeoutMs} ms`)
      await new Promise(requestAnimationFrame)
      approve = document.querySelector('auth-modal')!.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]:not([disabled])')
    }
    const approvedAt = performance.now()
    approve.click()
    return (await signed) - approvedAt
  }, walletTimeoutMs)
}

export async function measureWallets(
  browser: Browser,
  options: { pageUrl: string; apiUrl: string; creationRuns: number; signatures: number },
): Promise<WalletBench> {
  const creation: WalletCreationRun[] = []
  let signing: { firstSignatureMs: number; signatureMs: number[] } | undefined
  for (let run = 0; run < options.creationRuns; run++) {
    const context = await browser.newContext()
    // tsx compiles with keepNames: functions inside page.evaluate callbacks call esbuild's __name, which pages lack.
    await context.addInitScript('globalThis.__name = (fn) => fn')
    try {
      const page = await context.newPage()
      creation.push(await measureCreation(page, options.pageUrl, options.apiUrl, `bench-wallet-${Date.now().toString(36)}-${run}@example.com`))
      // Signing is timed once, on the last run's unlocked wallet.
      if (run === options.creationRuns - 1) {
        const firstSignatureMs = await measureSignature(page)
        const signatureMs: number[] = []
        for (let index = 0; index < options.signatures; index++) signatureMs.push(await measureSignature(page))
        signing = { firstSignatureMs, signatureMs }
      }
    } finally {
      await context.close()
    }
  }
  return { creation, ...signing! }
}

/** What the dev-stack rows measured; a part that failed is its error, so the table says why instead of stopping. */
export interface DevStackBench {
  wallets: WalletBench | Error
  funding: FundingBench | Error
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))

/** A new user signed in on the demo (their wallets created, the Ethereum one empty), then the funding runs. */
async function measureFundingOnDemo(browser: Browser, pageUrl: string, apiUrl: string, runs: number): Promise<FundingBench> {
  const context = await browser.newContext()
  await context.addInitScript('globalThis.__name = (fn) => fn')
  try {
    const page = await context.newPage()
    // Without the demo's inline panel (its session would load the funding code first), the first 'Add funds' loads it.
    await measureCreation(page, pageUrl, apiUrl, `bench-funding-${Date.now().toString(36)}@example.com`, (page) =>
      page.evaluate(() => document.getElementById('fund-panel-slot')?.remove()),
    )
    return await measureFunding(page, runs)
  } finally {
    await context.close()
  }
}

/** Starts the dev stack (fresh database, no rate limits in the way), measures wallets and funding on its vanilla demo, stops it. */
export async function measureOnDevStack(browser: Browser, runs: { creationRuns: number; signatures: number; fundingRuns: number }): Promise<DevStackBench> {
  const unlimited = { max: 1_000_000, windowSeconds: 60 }
  const stack = await startDevStack({
    startApi: ({ port, configFile }) =>
      startTestServer({
        port,
        configFile,
        rateLimits: { resendCooldownSeconds: 0, sendsPerIdentifier: unlimited, initPerIp: unlimited, authenticatePerIp: unlimited },
      }),
  })
  const pageUrl = `http://localhost:${stack.demo.port}/vanilla/`
  try {
    const wallets = await measureWallets(browser, { pageUrl, apiUrl: stack.api.url, ...runs }).catch(asError)
    const funding = await measureFundingOnDemo(browser, pageUrl, stack.api.url, runs.fundingRuns).catch(asError)
    return { wallets, funding }
  } finally {
    await stack.close()
  }
}
