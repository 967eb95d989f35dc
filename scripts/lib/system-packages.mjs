// Installs Debian packages the test suites need (Chromium, PostgreSQL) when they are missing.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const postgresBinDir = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin'

let aptUpdated = false

function aptInstall(packages, why) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `${why} is missing. Install it with: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}` +
        ' (or set CHROMIUM_PATH / POSTGRES_BIN_DIR to an existing install).',
    )
  }
  console.log(`[setup] installing ${packages.join(', ')} from Debian packages (${why} is missing)...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    aptUpdated = true
  }
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env })
}

export function ensureChromium() {
  if (!existsSync(chromiumPath)) aptInstall(['chromium'], 'Chromium')
  return chromiumPath
}

export function ensurePostgres() {
  if (!existsSync(`${postgresBinDir}/initdb`)) aptInstall(['postgresql'], 'PostgreSQL')
  return postgresBinDir
}
