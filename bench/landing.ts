/**
 * Opens the vanilla demo in Chromium, clicks 'Log in' and waits until the landing's email input is
 * visible inside <auth-modal>'s shadow root. Records every JS response up to that moment.
 */
import type { Browser, Response } from 'playwright-core'
import { gzipSize } from './gzip-size.js'

export interface LandingRun {
  /** Milliseconds from navigation start to the email input being visible. */
  landingMs: number
  /** `funding`: the script carries funding code (its screens' parts or the core's on-ramp routes), which must load only when used. */
  scripts: { url: string; gzipBytes: number; funding: boolean }[]
}

const fundingMarkers = /funding-landing|coinbase_on_ramp|moonpay_on_ramp/

const isScript = (response: Response) => response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '')

export async function measureLanding(browser: Browser, pageUrl: string): Promise<LandingRun> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const bodies: Promise<LandingRun['scripts'][number]>[] = []
  const onResponse = (response: Response) => {
    if (isScript(response))
      bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSize(body), funding: fundingMarkers.test(body.toString('utf8')) })))
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
