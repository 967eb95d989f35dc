// App settings change while the server runs, applied without a restart and across processes (issue 15): the CLI
// updates an app's origins while `tessera-server start` holds the PGlite data directory, and on PostgreSQL an
// update through one process (or the CLI) is seen by every server process at once (each drops its copy on the write's NOTIFY).
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID } from '../../../src/protocol/index.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { runCli, spawnCli, waitForOutput } from '../test-support/run-cli.js'
import { appsSocketPath } from './apps-socket.js'

const LAN_ORIGIN = 'http://demo.tessera.test:5173'

let database: TestDatabase
let keyDir: string
beforeAll(async () => {
  database = await createTestDatabase()
  // Dev mode keeps its key-encryption key in the data directory: on PostgreSQL both processes share this one.
  keyDir = mkdtempSync(join(tmpdir(), 'tessera-live-'))
})
afterAll(async () => {
  await database?.dispose()
  rmSync(keyDir, { recursive: true, force: true })
})

const dataDir = () => database.dataDir ?? keyDir
const env = () => ({ DATABASE_URL: database.databaseUrl })

/** `tessera-server start --dev` in its own process; resolves with its URL once it listens. */
async function startServerProcess(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawnCli(['start', '--dev', '--port', '0', '--data-dir', dataDir()], env())
  const output = await waitForOutput(child, /ready at (http:\/\/127\.0\.0\.1:\d+)/)
  const url = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
  return {
    url,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** One line to the apps socket, its one-line answer. */
function rawRequest(path: string, line: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path, () => socket.write(line))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', reject)
    socket.on('end', () => resolve(JSON.parse(answer)))
  })
}

/** What a page on `origin` learns: the origin check's answer and whether the API's preflight lets it through. */
async function pageView(url: string, origin: string) {
  const check = await (await fetch(`${url}/api/v1/apps/${DEV_APP_ID}/origin_check`, { headers: { origin } })).json()
  const preflight = await fetch(`${url}/api/v1/passwordless/init`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'privy-app-id, content-type' },
  })
  return { allowed: check.allowed as boolean, preflight: preflight.status, allowOrigin: preflight.headers.get('access-control-allow-origin') }
}

describe('live app settings (issue 15)', () => {
  it.skipIf(!!process.env.DATABASE_URL)('PGlite: apps update works while the server holds the data directory, and applies without a restart', async () => {
    const server = await startServerProcess()
    try {
      expect(await pageView(server.url, LAN_ORIGIN)).toEqual({ allowed: false, preflight: 403, allowOrigin: null })
      const updated = await runCli(
        ['apps', 'update', DEV_APP_ID, '--add-origin', LAN_ORIGIN, '--add-redirect-url', `${LAN_ORIGIN}/vanilla/`, '--data-dir', dataDir()],
        env(),
      )
      expect(updated.code, updated.stderr).toBe(0)
      expect(updated.stderr).toContain(`through the running server (pid ${server.child.pid})`)
      expect(JSON.parse(updated.stdout)).toMatchObject({
        id: DEV_APP_ID,
        allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*', LAN_ORIGIN],
        oauthRedirectUrls: expect.arrayContaining([`${LAN_ORIGIN}/vanilla/`]),
      })
      expect(await pageView(server.url, LAN_ORIGIN)).toEqual({ allowed: true, preflight: 204, allowOrigin: LAN_ORIGIN })
      // Only the data directory's owner reaches the socket, and it takes nothing but its three commands.
      expect(statSync(join(dataDir(), 'run')).mode & 0o777).toBe(0o700)
      expect(await rawRequest(appsSocketPath(dataDir()), '{"op":"query","sql":"DROP TABLE apps"}\n')).toEqual({ error: 'Malformed request' })
      expect(await rawRequest(appsSocketPath(dataDir()), 'not json\n')).toEqual({ error: 'Malformed request' })
    } finally {
      await server.stop()
    }
    // With the server gone the CLI opens the directory itself and sees the same settings.
    const direct = await runCli(['apps', 'show', DEV_APP_ID, '--data-dir', dataDir()], env())
    expect(direct.code, direct.stderr).toBe(0)
    expect(direct.stderr).not.toContain('through the running server')
    expect(JSON.parse(direct.stdout).allowedOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*', LAN_ORIGIN])
  })

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL: an update through the CLI is seen by two running server processes at once', async () => {
    const [first, second] = [await startServerProcess(), await startServerProcess()]
    try {
      for (const server of [first, second]) expect((await pageView(server.url, LAN_ORIGIN)).allowed).toBe(false)
      const updated = await runCli(['apps', 'update', DEV_APP_ID, '--add-origin', LAN_ORIGIN, '--data-dir', dataDir()], env())
      expect(updated.code, updated.stderr).toBe(0)
      for (const server of [first, second]) expect(await pageView(server.url, LAN_ORIGIN)).toEqual({ allowed: true, preflight: 204, allowOrigin: LAN_ORIGIN })
      // And back: removing the origin is seen at once as well.
      const reverted = await runCli(
        ['apps', 'update', DEV_APP_ID, '--origin', 'http://localhost:*', '--origin', 'http://127.0.0.1:*', '--data-dir', dataDir()],
        env(),
      )
      expect(reverted.code, reverted.stderr).toBe(0)
      for (const server of [first, second]) expect(await pageView(server.url, LAN_ORIGIN)).toEqual({ allowed: false, preflight: 403, allowOrigin: null })
    } finally {
      await Promise.all([first.stop(), second.stop()])
    }
  })
})
