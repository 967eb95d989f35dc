// Starts a disposable PostgreSQL cluster on a loopback port for the Postgres test suite.
import { execFileSync } from 'node:child_process'
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

export async function startThrowawayPostgres() {
  const binDir = ensurePostgres()
  const root = mkdtempSync(join(tmpdir(), 'tessera-pg-'))
  chmodSync(root, 0o777)
  const dataDir = join(root, 'data')
  const port = await freePort()
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot) execFileSync('chown', ['postgres', root])
  runAsPostgres(`${binDir}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  runAsPostgres(`${binDir}/pg_ctl`, [
    '-D', dataDir, '-w', '-l', join(root, 'server.log'),
    '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        runAsPostgres(`${binDir}/pg_ctl`, ['-D', dataDir, '-m', 'fast', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}
