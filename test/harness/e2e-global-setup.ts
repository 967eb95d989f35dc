/**
 * The e2e project's global setup: a fresh log directory for the run, and after every file a check that no server log
 * line or error body holds a token, code, share, key or stack trace (docs/security.md #54). Directories stay two hours.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { e2eLogDirVariable } from './e2e-logs.js'
import { testDataDir } from './paths.js'
import { describeFinding, scanLogDir } from './secret-scan.js'

const logDirPrefix = 'e2e-logs-'
/** Another e2e run in this tree may be writing its directory now; one untouched this long is finished. */
const STALE_LOG_DIR_MS = 2 * 60 * 60 * 1000

export default function setup(): () => void {
  mkdirSync(testDataDir, { recursive: true })
  for (const name of readdirSync(testDataDir)) {
    const path = join(testDataDir, name)
    if (name.startsWith(logDirPrefix) && Date.now() - statSync(path).mtimeMs > STALE_LOG_DIR_MS) rmSync(path, { recursive: true, force: true })
  }
  const dir = mkdtempSync(join(testDataDir, logDirPrefix))
  // Workers start after the global setup and inherit the variable.
  process.env[e2eLogDirVariable] = dir
  return () => {
    const findings = scanLogDir(dir)
    if (findings.length === 0) {
      console.log(`docs/security.md #54: no secret or stack trace in ${readdirSync(dir).length} e2e log files (${dir})`)
      return
    }
    console.error(
      `\ndocs/security.md #54 FAILED: secrets or stack traces in the e2e logs and error bodies (redacted):\n${findings.map(describeFinding).join('\n')}`,
    )
    // Vitest has already chosen its exit code and only prints a global teardown's error; the run exits with this one.
    process.exitCode = 1
  }
}
