/**
 * Opens the vanilla demo in Chromium, clicks 'Log in' and waits until the landing's email input is
 * visible inside <auth-modal>'s shadow root. Records every JS response up to that moment.
 */
import type { Browser, Response } from 'playwright-core'
import { gzipSize } from './gzip-size.js'

export interface LandingRun {
  /** Milliseconds from navigation start to the email input being visible. */
  landingMs: number
  scripts: { url: string; gzipBytes: number }[]
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '')

export async function measureLanding(browser: Browser, pageUrl: string): Promise<LandingRun> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const bodies: Promise<{ url: string; gzipBytes: number }>[] = []
  const onResponse = (response: Response) => {
    if (isScript(response)) bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSize(body) })))
  }
  page.on('response', onResponse)
  try {
    await page.goto(pageUrl)
    await page.locator('#login').click({ timeout: 30_000 })
    await page.locator('auth-modal [part~="email-input"]').waitFor({ state: 'visible', timeout: 30_000 })
    const landingMs = await page.evaluate(() => performance.now())
    page.off('response', onResponse)
    return { landingMs, scripts: await Promise.all(bodies) }
  } finally {
    await context.close()
  }
}
