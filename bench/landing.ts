/**
 * Navigation → usable email input on the vanilla demo, cold (a new browser context: no cache, no session), by the
 * page's own clock: a script installed before the page's clicks 'Log in' in the first state where it is visible and
 * enabled, then notes the first state where <auth-modal>'s email input is visible and enabled. Nothing waits on
 * Playwright's polling. Records every JS response up to that moment and the page's timeline (the trace).
 */
import { readFileSync } from 'node:fs'
import type { Browser, Response } from 'playwright-core'
import { gzipSize } from './gzip-size.js'

/** One step of the page's timeline, in ms from navigation start. */
export interface TimelineEntry {
  name: string
  startMs: number
  endMs: number
}

export interface LandingRun {
  /** Navigation start → the email input visible and enabled. */
  inputMs: number
  /** Navigation start → 'Log in' visible and enabled (clicked at once). */
  clickableMs: number
  /** The document, each script and API request (start → response end), and the milestones, in start order. */
  timeline: TimelineEntry[]
  /** `funding`: the script carries funding code (its screens' parts or the core's on-ramp routes), which must load only when used. */
  scripts: { url: string; gzipBytes: number; funding: boolean }[]
}

const fundingMarkers = /funding-landing|coinbase_on_ramp|moonpay_on_ramp/

const isScript = (response: Response) => response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '')

declare global {
  interface Window {
    __tesseraLanding?: Promise<{ clickableMs: number; inputMs: number; timeline: TimelineEntry[] }>
  }
}

/** Plain JS read as text, so no transform adds helpers the page lacks. */
const probe = readFileSync(new URL('./landing-probe.js', import.meta.url), 'utf8')

/** `cpuThrottling`: Chromium's CPU slowdown factor (DevTools' 4× is the issue's throttled row). */
export async function measureLanding(browser: Browser, pageUrl: string, cpuThrottling = 1): Promise<LandingRun> {
  const context = await browser.newContext()
  const page = await context.newPage()
  if (cpuThrottling !== 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling })
  await page.addInitScript({ content: probe })
  const bodies: Promise<LandingRun['scripts'][number]>[] = []
  const onResponse = (response: Response) => {
    if (isScript(response))
      bodies.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSize(body), funding: fundingMarkers.test(body.toString('utf8')) })))
  }
  page.on('response', onResponse)
  try {
    await page.goto(pageUrl)
    const landing = await page.evaluate(() => window.__tesseraLanding!)
    page.off('response', onResponse)
    return { ...landing, scripts: await Promise.all(bodies) }
  } finally {
    await context.close()
  }
}
