/** Launches the system Chromium headless with the flags that work on these machines (test/README.md). */
import { appendFileSync } from 'node:fs'
import { chromium, type Browser, type Response } from 'playwright-core'
import { e2eLogPrefix } from './e2e-logs.js'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** `extraArgs`: a scenario's own flags (e.g. `--host-resolver-rules` to serve a page under another name). */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extraArgs] })
  const prefix = await e2eLogPrefix('browser')
  if (prefix) recordErrorBodies(browser, `${prefix}.jsonl`)
  return browser
}

/** One JSON line per answer with status 400 or more; the URL without its query, which the page (not the server) wrote. */
function appendErrorBody(file: string, response: Response): void {
  if (response.status() < 400) return
  const url = new URL(response.url())
  response
    .text()
    .then((body) =>
      appendFileSync(file, `${JSON.stringify({ status: response.status(), method: response.request().method(), url: url.origin + url.pathname, body })}\n`),
    )
    // The page or context closed before the body was read: nothing to record.
    .catch(() => {})
}

/**
 * In an e2e run, every error body any page of this browser receives goes to `file` for the run's final check
 * (docs/security.md #54). Playwright has no event for a new context, and `newPage()` goes through `newContext()`.
 */
function recordErrorBodies(browser: Browser, file: string): void {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    context.on('response', (response) => appendErrorBody(file, response))
    return context
  }
}
