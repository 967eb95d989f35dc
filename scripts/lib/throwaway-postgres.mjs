// Starts a disposable PostgreSQL cluster on a loopback port for the Postgres test suite.
import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePostgres } from './system-packages.mjs'

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Runs a PostgreSQL binary as the unprivileged `postgres` user when we are root (initdb refuses root). */
function runAsPostgres(binary, args) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' })
  else execFileSync(binary, args, { stdio: 'pipe' })
}

/** `runAsPostgres` without blocking the event loop, for a server in this process that must keep answering meanwhile. */
function runAsPostgresAsync(binary, args) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
  return new Promise((resolve, reject) => execFile(command, argv, (error) => (error ? reject(error) : resolve())))
}

export async function startThrowawayPostgres() {
  const binDir = ensurePostgres()
  const root = mkdtempSync(join(tmpdir(), 'tessera-pg-'))
  chmodSync(root, 0o777)
  const dataDir = join(root, 'data')
  const port = await freePort()
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot) execFileSync('chown', ['postgres', root])
  runAsPostgres(`${binDir}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const startArgs = [
    '-D',
    dataDir,
    '-w',
    '-l',
    join(root, 'server.log'),
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]
  runAsPostgres(`${binDir}/pg_ctl`, startArgs)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Shuts the cluster down (open connections are ended), keeping its data for `resume` (an outage). */
    halt: () => runAsPostgresAsync(`${binDir}/pg_ctl`, ['-D', dataDir, '-w', '-m', 'fast', 'stop']),
    /** Starts the halted cluster again on the same data directory and port. */
    resume: () => runAsPostgresAsync(`${binDir}/pg_ctl`, startArgs),
    stop() {
      try {
        runAsPostgres(`${binDir}/pg_ctl`, ['-D', dataDir, '-m', 'fast', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}
