/** The benchmark table of `npm run bench`: figures only, no pass/fail on timing. */
import { cpus } from 'node:os'
import { DEV_APP_ID } from '../src/protocol/index.js'
import { startTestServer } from '../test/harness/api-server.js'
import { launchChromium } from '../test/harness/chromium.js'
import { startDemoServer } from '../test/harness/demo-server.js'
import { ensureLibraryBuilt } from '../test/harness/library-build.js'
import { formatKiB } from './gzip-size.js'
import { measureLandingRows, landingRows, printTrace, throttledRate } from './landing-rows.js'
import { median, ms, printTable } from './figures.js'
import { externalImports, npmEntries, npmEntrySizes } from './npm-entry-size.js'
import { measureScaleOut, printScaleOutTable } from './scale-out.js'
import { printServerTable, serverPlan } from './server-table.js'
import { measureServerOnBothDatabases } from './server-throughput.js'
import { fundWalletChunkBytes, type FundingBench } from './funding.js'
import { measureOnDevStack } from './wallets.js'

const budgetBytes = 85 * 1024
const walletRuns = { creationRuns: 3, signatures: 10, fundingRuns: 5 }
/** Far above the bounded run, so the benchmark measures the handlers and not the limiter. */
const unlimited = { max: 1_000_000, windowSeconds: 60 }

/** The demo's own scripts are the host page's code, not Tessera's: listed, but outside the budget. */
const isHostScript = (url: string) => {
  const { pathname } = new URL(url)
  return pathname.startsWith('/vanilla/') || pathname.startsWith('/shared/') || pathname === '/demo-config.js'
}
/** dist/tessera.js and its lazy chunks, as opposed to npm-entry files a page may import beside it. */
const isScriptTagBundle = (url: string) => {
  const { pathname } = new URL(url)
  return pathname === '/tessera.js' || pathname.startsWith('/chunks/')
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
/** 'Add funds' → landing interactive: the warm median, and the first open with the code it loaded. */
function fundingRows(funding: FundingBench | Error): [string, string, string][] {
  const label = "'Add funds' clicked → funding landing interactive (Chromium, vanilla demo, warm median)"
  if (funding instanceof Error) return [[label, 'not measured', funding.message.split('\n')[0]!.slice(0, 160)]]
  const [first, ...warm] = funding.landingMs
  return [[label, ms(median(warm)), `first open ${ms(first!)} (loads ${formatKiB(funding.firstOpenBytes)} of funding code); runs: ${warm.map(ms).join(', ')}`]]
}

ensureLibraryBuilt((line) => console.error(line))
console.error('Starting the server and Chromium...')
const server = await startTestServer({
  rateLimits: { resendCooldownSeconds: 0, sendsPerIdentifier: unlimited, initPerIp: unlimited, authenticatePerIp: unlimited },
})
const demo = await startDemoServer({ appId: DEV_APP_ID, apiUrl: server.url })
const browser = await launchChromium()

try {
  const pageUrl = `http://localhost:${demo.port}/vanilla/`
  const { runs, throttledRuns } = await measureLandingRows(browser, pageUrl, (line) => console.error(line))
  const scripts = runs[0]!.scripts.filter((script) => !isHostScript(script.url))
  const hostScripts = runs[0]!.scripts.filter((script) => isHostScript(script.url))
  const scriptTagBytes = sum(scripts.map((script) => script.gzipBytes))
  const fundingScripts = scripts.filter((script) => script.funding).map((script) => new URL(script.url).pathname)
  const bundleOnlyBytes = sum(scripts.filter((script) => isScriptTagBundle(script.url)).map((script) => script.gzipBytes))

  const npmFiles = npmEntrySizes()
  const npmBytes = sum(npmFiles.map((file) => file.gzipBytes))

  console.error(
    `Measuring embedded wallets and funding on the dev stack in Chromium (${walletRuns.creationRuns} sign-ups, ${walletRuns.signatures} signatures, ${walletRuns.fundingRuns} 'Add funds')...`,
  )
  // The wallet and funding rows need every part working; when one is not, the table says why instead of stopping.
  const { wallets, funding } = await measureOnDevStack(browser, walletRuns)
  const fundWalletChunk = fundWalletChunkBytes()
  const creationLabel = `Embedded wallet creation, Ethereum + Solana: code submitted → both addresses shown (Chromium, median of ${walletRuns.creationRuns})`
  const signingLabel = `Message signing after unlock: 'Sign and continue' → signature shown (Ethereum, median of ${walletRuns.signatures})`
  const walletRows: [string, string, string][] =
    wallets instanceof Error
      ? [creationLabel, signingLabel].map((label) => [label, 'not measured', wallets.message.split('\n')[0]!.slice(0, 160)])
      : [
          [
            creationLabel,
            ms(median(wallets.creation.map((run) => run.addressesShownMs))),
            `runs: ${wallets.creation.map((run) => ms(run.addressesShownMs)).join(', ')}; signed in after ${ms(median(wallets.creation.map((run) => run.signedInMs)))}`,
          ],
          [signingLabel, ms(median(wallets.signatureMs)), `first after unlock ${ms(wallets.firstSignatureMs)}; max ${ms(Math.max(...wallets.signatureMs))}`],
        ]

  console.log(`\nTessera benchmark · Node ${process.version} · ${cpus().length} CPUs · Chromium ${browser.version()} · PGlite, loopback\n`)
  printTable([
    [
      'JS before the landing is interactive, script-tag build (gzip)',
      formatKiB(scriptTagBytes),
      `${scriptTagBytes} B in ${scripts.length} files, React included (+ ${sum(hostScripts.map((script) => script.gzipBytes))} B of demo page scripts)`,
    ],
    ['  of which dist/tessera.js and its chunks', formatKiB(bundleOnlyBytes), `${bundleOnlyBytes} B`],
    [
      'npm entries without their dependencies: elements + core + chunks (gzip)',
      formatKiB(npmBytes),
      `${npmBytes} B in ${npmFiles.length} files; external: ${externalImports(npmEntries).join(', ') || 'none'}`,
    ],
    [
      'Budget: script-tag JS before landing ≤ 85 KiB gzip',
      scriptTagBytes <= budgetBytes ? 'pass' : 'FAIL',
      `${formatKiB(scriptTagBytes)} of ${formatKiB(budgetBytes)}`,
    ],
    ...landingRows(runs, throttledRuns),
    ...walletRows,
    ...fundingRows(funding),
    [
      'Funding code in the first load (its screens and core: markers in the loaded scripts)',
      fundingScripts.length ? 'FAIL' : 'none',
      fundingScripts.length ? fundingScripts.join(', ') : 'the funding chunks load with the first session',
    ],
    [
      '<fund-wallet> element chunk: defineFundWallet() beyond the first load (gzip)',
      formatKiB(fundWalletChunk.bytes),
      `${fundWalletChunk.bytes} B in ${fundWalletChunk.files} files; the screens and the funding core load with the first session`,
    ],
  ])
  printTrace('Where the time to the email input goes, unthrottled', runs)
  printTrace(`The same at ${throttledRate}× CPU throttling`, throttledRuns)
  console.log('\nScript-tag build, files loaded before the landing (gzip bytes):')
  for (const script of runs[0]!.scripts)
    console.log(`  ${new URL(script.url).pathname.padEnd(48)} ${String(script.gzipBytes).padStart(7)}${isHostScript(script.url) ? '  (demo page)' : ''}`)
  console.log('npm entries without their dependencies (gzip bytes):')
  for (const file of npmFiles) console.log(`  ${file.file.padEnd(48)} ${String(file.gzipBytes).padStart(7)}`)
} finally {
  await browser.close()
  await demo.close()
  await server.close()
}
// Last, with Chromium and the dev stack gone: the server rows want the machine to themselves.
printServerTable(await measureServerOnBothDatabases(serverPlan, (line) => console.error(line)))
printScaleOutTable(await measureScaleOut(serverPlan, (line) => console.error(line)))
