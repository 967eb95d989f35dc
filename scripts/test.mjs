// `npm test`: every suite in order, ending with one "N passed, N failed" line.
// Pass step names to run a subset: `npm test -- unit server-pglite`.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureChromium } from './lib/system-packages.mjs'
import { startThrowawayPostgres } from './lib/throwaway-postgres.mjs'

const reportDir = mkdtempSync(join(tmpdir(), 'tessera-test-'))

/** Runs a command with inherited output, also keeping the text to read counts from it. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const mergedEnv = { ...process.env, ...env }
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete mergedEnv[key]
    const child = spawn(command, args, { env: mergedEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (stream) => (chunk) => {
      stream.write(chunk)
      output += chunk
    }
    child.stdout.on('data', keep(process.stdout))
    child.stderr.on('data', keep(process.stderr))
    child.on('close', (code) => resolve({ ok: code === 0, output }))
  })
}

async function vitest(project, env = {}) {
  const reportFile = join(reportDir, `${project}-${Date.now()}.json`)
  const { ok, output } = await run(
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
    env,
  )
  let counts = { passed: 0, failed: ok ? 0 : 1 }
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'))
    const failedOutsideTests = !ok && report.numFailedTests === 0
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (failedOutsideTests ? 1 : 0),
      failures: [...failuresIn(report), ...(failedOutsideTests ? failureAfterTests(output) : [])],
    }
  } catch {
    // No report: the run crashed before writing one; counted as one failure.
  }
  return { ok, ...counts }
}

/** Each failed test's name and the start of its message: the summary repeats them, since a CI log keeps only its tail. */
function failuresIn(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}\n      ${summarizedFailure(test.failureMessages[0] ?? '').replaceAll('\n', '\n      ')}`),
  )
}

/** What a run that failed outside its tests printed after its summary (e.g. the e2e log check's findings), which no report lists. */
function failureAfterTests(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '')
  const summaryEnd = plain.lastIndexOf('Duration')
  const lines = summaryEnd === -1 ? [] : plain.slice(plain.indexOf('\n', summaryEnd) + 1).split('\n')
  const after = lines
    .filter((line) => !line.startsWith('JSON report written to'))
    .join('\n')
    .trim()
  return after ? [`after the tests: ${after.slice(0, 2400).replaceAll('\n', '\n      ')}`] : []
}

/** A failure's message without colours, stack frames or Playwright's call log, which would crowd out the page's context. */
function summarizedFailure(message) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
  const lines = message.replace(/\x1b\[[0-9;]*m/g, '').split('\n')
  const kept = lines.filter((line) => !/^\s+at /.test(line) && (!/^\s+- /.test(line) || line.includes('waiting for')) && line.trim() !== 'Call log:')
  return kept.join('\n').slice(0, 2400)
}

async function command(cmd, args, env) {
  const { ok, output } = await run(cmd, args, env)
  return { ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, output }
}

const steps = {
  // Biome: the formatter's layout and the lint rules of biome.json (docs/decisions.md, "Formatter and linter").
  lint: () => command('npx', ['biome', 'ci', '--reporter=summary', '.']),
  typecheck: () => command('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  build: () => command('npm', ['run', 'build']),
  // The tarball: only the library, publint and attw clean, and a scratch Vite + React host bundles one copy of viem.
  package: () => command('node', ['scripts/check-package.mjs']),
  // The elements' declarations as a host sees them (dist/types): tsc, vue-tsc and svelte-check over test/types/fixtures.
  types: () => command('node', ['test/types/check-types.mjs']),
  unit: () => vitest('unit'),
  'server-pglite': () => vitest('server', { DATABASE_URL: undefined }),
  'server-postgres': async () => {
    if (process.env.DATABASE_URL) return vitest('server')
    const postgres = await startThrowawayPostgres()
    try {
      return await vitest('server', { DATABASE_URL: postgres.url })
    } finally {
      postgres.stop()
    }
  },
  browser: async () => {
    ensureChromium()
    const result = await command('npx', ['web-test-runner', '--config', 'web-test-runner.config.mjs'])
    const match = [...result.output.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1)
    return match ? { ok: result.ok, passed: Number(match[1]), failed: Number(match[2]) + (result.ok || Number(match[2]) ? 0 : 1) } : result
  },
  e2e: () => {
    ensureChromium()
    return vitest('e2e')
  },
}

const selected = process.argv.slice(2)
for (const name of selected) if (!(name in steps)) throw new Error(`Unknown step ${name}; steps: ${Object.keys(steps).join(', ')}`)

const results = []
for (const [name, step] of Object.entries(steps)) {
  if (selected.length > 0 && !selected.includes(name)) continue
  console.log(`\n=== ${name} ===`)
  let result
  try {
    result = await step()
  } catch (error) {
    console.error(error)
    result = { ok: false, passed: 0, failed: 1 }
  }
  results.push({ name, ...result })
}
rmSync(reportDir, { recursive: true, force: true })

console.log('\n=== summary ===')
for (const { name, ok, passed, failed, failures = [] } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${passed} passed, ${failed} failed`)
  for (const failure of failures) console.log(`  x ${failure}`)
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
