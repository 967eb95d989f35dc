import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertApp } from '../apps/store.js'
import { openDatabase } from '../db/open.js'
import type { Db } from '../db/types.js'
import { startServer, type RunningServer } from '../server.js'
import { CaptureDelivery } from '../test-support/capture-delivery.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'

// Several server instances on one PostgreSQL database share codes, counters and sessions (no in-memory state).
describe.skipIf(!process.env.DATABASE_URL)('several servers on one PostgreSQL database', () => {
  let database: TestDatabase
  let setupDb: Db
  const servers: RunningServer[] = []
  const inbox = new CaptureDelivery()
  let appId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    setupDb = await openDatabase({ dataDir: '', databaseUrl: database.databaseUrl })
    appId = (await upsertApp(setupDb, { name: 'Shared' }, Date.now())).id
    for (let i = 0; i < 2; i++) servers.push(await startServer({ port: 0, quiet: true, databaseUrl: database.databaseUrl }, { delivery: inbox }))
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    await setupDb?.close()
    await database?.dispose()
  })

  const post = (server: RunningServer, path: string, body: unknown) =>
    fetch(server.url + path, { method: 'POST', headers: { 'privy-app-id': appId, 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('shares the resend cooldown, the code and the refresh rotation', async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    expect((await post(a, '/api/v1/passwordless/init', { email: 'shared@example.com' })).status).toBe(200)
    const again = await post(b, '/api/v1/passwordless/init', { email: 'shared@example.com' })
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBeTruthy()
    const login = await post(b, '/api/v1/passwordless/authenticate', { email: 'shared@example.com', code: inbox.lastCode('shared@example.com') })
    expect(login.status).toBe(200)
    const { refresh_token } = (await login.json()) as { refresh_token: string }
    const results = await Promise.all([a, b, a, b].map((server) => post(server, '/api/v1/sessions', { refresh_token })))
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { refresh_token: string }[]
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(new Set(bodies.map((body) => body.refresh_token)).size).toBe(1)
  })
})
