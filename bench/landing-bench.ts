/** `npm run bench -- landing`: only the landing rows and their traces, on the vanilla demo against a test server. */
import { DEV_APP_ID } from '../src/protocol/index.js'
import { startTestServer } from '../test/harness/api-server.js'
import { launchChromium } from '../test/harness/chromium.js'
import { startDemoServer } from '../test/harness/demo-server.js'
import { ensureLibraryBuilt } from '../test/harness/library-build.js'
import { printTable } from './figures.js'
import { landingRows, measureLandingRows, printTrace, throttledRate } from './landing-rows.js'

ensureLibraryBuilt((line) => console.error(line))
const server = await startTestServer()
const demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: server.url })
const browser = await launchChromium()
try {
  const { runs, throttledRuns } = await measureLandingRows(browser, `http://localhost:${demo.port}/vanilla/`, (line) => console.error(line))
  console.log(`\nTessera landing · Chromium ${browser.version()}\n`)
  printTable(landingRows(runs, throttledRuns))
  printTrace('Where the time to the email input goes, unthrottled', runs)
  printTrace(`The same at ${throttledRate}× CPU throttling`, throttledRuns)
} finally {
  await browser.close()
  await demo.close()
  await server.close()
}
