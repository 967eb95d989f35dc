/** The landing rows of `npm run bench` (and all of `npm run bench -- landing`): cold runs, unthrottled and throttled. */
import type { Browser } from 'playwright-core'
import { median, ms } from './figures.js'
import { measureLanding, type LandingRun, type TimelineEntry } from './landing.js'

/** Cold runs per row; the unthrottled and the throttled runs are interleaved, so both see the same machine. */
const landingRuns = 10
export const throttledRate = 4

export async function measureLandingRows(
  browser: Browser,
  pageUrl: string,
  log: (line: string) => void,
): Promise<{ runs: LandingRun[]; throttledRuns: LandingRun[] }> {
  log(
    `Measuring the landing in Chromium (1 warm-up run, then ${landingRuns} cold runs unthrottled and ${landingRuns} at ${throttledRate}× CPU, interleaved)...`,
  )
  await measureLanding(browser, pageUrl)
  const runs: LandingRun[] = []
  const throttledRuns: LandingRun[] = []
  for (let run = 0; run < landingRuns; run++) {
    runs.push(await measureLanding(browser, pageUrl))
    throttledRuns.push(await measureLanding(browser, pageUrl, throttledRate))
  }
  return { runs, throttledRuns }
}

/** The unthrottled and throttled rows: navigation → usable email input, with the click's share. */
export function landingRows(runs: LandingRun[], throttledRuns: LandingRun[]): [string, string, string][] {
  const row = (label: string, measured: LandingRun[]): [string, string, string] => [
    label,
    ms(median(measured.map((run) => run.inputMs))),
    `'Log in' clickable at ${ms(median(measured.map((run) => run.clickableMs)))}; runs: ${measured.map((run) => ms(run.inputMs)).join(', ')}`,
  ]
  return [
    row(`Navigation → usable email input, vanilla demo (Chromium, cold, auto click, median of ${landingRuns})`, runs),
    row(`The same at ${throttledRate}× CPU throttling`, throttledRuns),
  ]
}

/** The run closest to the median, as a waterfall: where the time to the input goes. */
export function printTrace(title: string, measured: LandingRun[]): void {
  const middle = median(measured.map((run) => run.inputMs))
  const run = measured.reduce((best, next) => (Math.abs(next.inputMs - middle) < Math.abs(best.inputMs - middle) ? next : best))
  console.log(`\n${title} (the run nearest the median, ms from navigation start):`)
  const span = (entry: TimelineEntry) =>
    entry.endMs > entry.startMs
      ? `${entry.startMs.toFixed(0).padStart(5)} → ${entry.endMs.toFixed(0).padStart(5)}`
      : `${entry.startMs.toFixed(0).padStart(5)}`.padEnd(13)
  for (const entry of run.timeline) console.log(`  ${span(entry)}  ${entry.name}`)
}
