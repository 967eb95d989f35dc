// Scale-out is more server processes on one PostgreSQL (issue 19, scope 3): two real processes, each with its own
// pool and caches, hold the invariants one process holds. PGlite is one process by design (its data directory is locked).
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes } from '../../src/protocol/index.js'
import { upsertApp } from './apps/store.js'
import type { AppRecord } from './apps/types.js'
import { openDatabase } from './db/open.js'
import type { Db } from './db/types.js'
import { startServerProcess, type ServerProcess } from './test-support/server-processes.js'
import { createTestDatabase, type TestDatabase } from './test-support/test-database.js'
import { createBodyOf, newTestWallet } from './wallets/test-fixtures/share-set.js'

const ORIGIN = 'http://scale.test'
const SENDS_PER_IDENTIFIER = 3
const rateLimits = {
  resendCooldownSeconds: 0,
  sendsPerIdentifier: { max: SENDS_PER_IDENTIFIER, windowSeconds: 600 },
  initPerIp: { max: 10_000, windowSeconds: 60 },
  authenticatePerIp: { max: 10_000, windowSeconds: 60 },
  refreshesPerIp: { max: 10_000, windowSeconds: 60 },
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase
  let db: Db
  let app: AppRecord
  let servers: ServerProcess[]

  beforeAll(async () => {
    database = await createTestDatabase()
    db = await openDatabase({ dataDir: '', databaseUrl: database.databaseUrl })
    app = await upsertApp(db, { name: 'Scale-out', allowedOrigins: [ORIGIN] }, Date.now())
    servers = await Promise.all([startServerProcess(database.databaseUrl!, rateLimits), startServerProcess(database.databaseUrl!, rateLimits)])
  }, 60_000)
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()))
    await db?.close()
    await database?.dispose()
  })

  /** The i-th request goes to server i mod 2: every batch below is split across both processes. */
  const serverFor = (i: number) => servers[i % 2]!
  const call = async (server: ServerProcess, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'privy-app-id': app.id,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }
    const response = await fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: await response.json() }
  }
  let emails = 0
  /** A code sent by one process and used at the other. */
  const signIn = async () => {
    const email = `scale-${++emails}@example.com`
    expect((await call(servers[0]!, '/api/v1/passwordless/init', { email })).status).toBe(200)
    const login = await call(servers[1]!, '/api/v1/passwordless/authenticate', { email, code: await servers[0]!.codeFor(email) })
    expect(login.status).toBe(200)
    return login.body as { token: string; refresh_token: string; user: { id: string } }
  }

  it('a code is used once, whichever process each of 10 parallel attempts reaches', async () => {
    const email = `scale-once-${++emails}@example.com`
    expect((await call(servers[1]!, '/api/v1/passwordless/init', { email })).status).toBe(200)
    const code = await servers[1]!.codeFor(email)
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => call(serverFor(i), '/api/v1/passwordless/authenticate', { email, code })))
    expect(attempts.filter((attempt) => attempt.status === 200)).toHaveLength(1)
    expect(
      await db.query('SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.app_id = $1 AND s.user_id = $2', [
        app.id,
        attempts.find((a) => a.status === 200)!.body.user.id,
      ]),
    ).toHaveLength(1)
  })

  it('a refresh token rotates once: 20 parallel refreshes across both processes get one successor', async () => {
    const session = await signIn()
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(serverFor(i), '/api/v1/sessions', { refresh_token: session.refresh_token })))
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200))
    expect(new Set(results.map((result) => result.body.refresh_token)).size).toBe(1)
    const [row] = await db.query<{ refreshed_count: number }>('SELECT refreshed_count FROM sessions WHERE id = $1', [decodeJwt(session.token).sid])
    expect(row!.refreshed_count).toBe(1)
  })

  it('one embedded wallet per user and index: 10 parallel creates across both processes make one', async () => {
    const { token, user } = await signIn()
    const wallets = await Promise.all(Array.from({ length: 10 }, () => newTestWallet('ethereum')))
    const responses = await Promise.all(wallets.map((wallet, i) => call(serverFor(i), embeddedWalletRoutes.create.path, createBodyOf(wallet), token)))
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200))
    expect(new Set(responses.map((response) => response.body.address)).size).toBe(1)
    expect(responses.filter((response) => response.body.created)).toHaveLength(1)
    expect(await db.query('SELECT 1 FROM embedded_wallets WHERE user_id = $1', [user.id])).toHaveLength(1)
  })

  it(`rate limits are shared: of 8 code requests for one address split across both, exactly ${SENDS_PER_IDENTIFIER} are sent`, async () => {
    const email = `scale-limit-${++emails}@example.com`
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call(serverFor(i), '/api/v1/passwordless/init', { email })))
    expect(results.filter((result) => result.status === 200)).toHaveLength(SENDS_PER_IDENTIFIER)
    expect(results.filter((result) => result.status === 429)).toHaveLength(8 - SENDS_PER_IDENTIFIER)
  })
})
