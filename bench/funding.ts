/**
 * The funding rows of `npm run bench` (funding spec), measured in Chromium on the vanilla demo against the dev stack,
 * whose dev app funds with every method:
 * - 'Add funds' (an insufficient-funds confirmation's button) clicked → the funding landing interactive (its card row
 *   enabled), timed with the page's own clock; the first run also loads the funding code, whose bytes are counted;
 * - the `<fund-wallet>` element's own chunk: what `defineFundWallet()` loads beyond the script-tag first load.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Page, Response } from 'playwright-core'
import { distDir } from '../test/harness/paths.js'
import { gzipSize } from './gzip-size.js'

export interface FundingBench {
  /** 'Add funds' → landing interactive, per run; the first loads the funding screens and core. */
  landingMs: number[]
  /** Gzip bytes of the JS the first 'Add funds' loaded. */
  firstOpenBytes: number
}

const timeoutMs = 60_000

/** Opens the demo's 'Send 0.001 ETH' confirmation (an empty wallet: 'Add funds') and waits until its button is enabled. */
async function openAddFunds(page: Page): Promise<void> {
  await page.locator('#send-eth').click()
  await page.locator('auth-modal [part~="add-funds-button"]:not([disabled])').waitFor({ timeout: timeoutMs })
}

/** Closes the modal (the confirmation is rejected) and waits until it is gone. */
async function closeModal(page: Page): Promise<void> {
  await page.locator('auth-modal [part~="close-button"]').click()
  await page.waitForFunction(() => !(document.querySelector('auth-modal') as HTMLElement & { open: boolean }).open, undefined, { timeout: timeoutMs })
}

/** In the page: clicks 'Add funds' and resolves with the time until the landing's card row is enabled. */
function timeAddFunds(page: Page): Promise<number> {
  return page.evaluate(async (timeout) => {
    const root = document.querySelector('auth-modal')!.shadowRoot!
    const deadline = performance.now() + timeout
    const clickedAt = performance.now()
    root.querySelector<HTMLButtonElement>('[part~="add-funds-button"]')!.click()
    // The screens render in the shadow root, which a MutationObserver on the page does not see: poll each frame.
    while (!root.querySelector('[part~="funding-card-button"]:not([disabled])')) {
      if (performance.now() > deadline) throw new Error(`no funding landing after ${timeout} ms`)
      await new Promise(requestAnimationFrame)
    }
    return performance.now() - clickedAt
  }, timeoutMs)
}

const isScript = (response: Response) => response.request().resourceType() === 'script'

/** Runs `runs` times on a signed-in page of the vanilla demo whose embedded Ethereum wallet is empty. */
export async function measureFunding(page: Page, runs: number): Promise<FundingBench> {
  // The confirmation's own screens load first, so the first measured run counts only what funding adds.
  await openAddFunds(page)
  await closeModal(page)
  const landingMs: number[] = []
  let firstOpenBytes = 0
  for (let run = 0; run < runs; run++) {
    await openAddFunds(page)
    const bodies: Promise<number>[] = []
    const onResponse = (response: Response) => void (isScript(response) && bodies.push(response.body().then(gzipSize, () => 0)))
    if (run === 0) page.on('response', onResponse)
    landingMs.push(await timeAddFunds(page))
    page.off('response', onResponse)
    if (run === 0) firstOpenBytes = (await Promise.all(bodies)).reduce((total, bytes) => total + bytes, 0)
    await closeModal(page)
  }
  return { landingMs, firstOpenBytes }
}

/** A chunk file and every chunk it imports statically (relative specifiers), each once. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g))
    staticClosure(resolve(dirname(file), match[1]!), seen)
  return seen
}

/** Gzip bytes `defineFundWallet()` loads beyond the script-tag bundle's first load: the element and what it alone needs. */
export function fundWalletChunkBytes(): { bytes: number; files: number } {
  const entry = join(distDir, 'tessera.js')
  const firstLoad = staticClosure(entry)
  const lazyChunks = [...readFileSync(entry, 'utf8').matchAll(/import\(["'`](\.\/chunks\/[^"'`]+)["'`]\)/g)].map((match) => resolve(distDir, match[1]!))
  const define = lazyChunks.find((chunk) => /define\(["'`]fund-wallet["'`]/.test(readFileSync(chunk, 'utf8')))
  if (!define) throw new Error('no chunk of dist/tessera.js defines <fund-wallet>')
  const own = [...staticClosure(define)].filter((file) => !firstLoad.has(file))
  return { bytes: own.reduce((total, file) => total + gzipSize(readFileSync(file)), 0), files: own.length }
}
