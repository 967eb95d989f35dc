// Apps are kept in memory per process (app-cache.ts): a change is seen at once in the process that made it, and on
// PostgreSQL by every other server process through NOTIFY.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app.js'
import type { ServerContext } from '../context.js'
import { openDatabase } from '../db/open.js'
import { CaptureDelivery } from '../test-support/capture-delivery.js'
import { countingDb, type CountingDb } from '../test-support/counting-db.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { runCli } from '../test-support/run-cli.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { TestClock } from '../test-support/test-clock.js'
import { createServerContext } from '../server.js'
import { getApp, listApps, upsertApp } from './store.js'

const ORIGIN_A = 'http://a.cache.test'
const ORIGIN_B = 'http://b.cache.test'

/** How many statements `work` sent through `db`. */
async function statementsOf(db: CountingDb, work: () => Promise<unknown>): Promise<number> {
  const before = db.statements()
  await work()
  return db.statements() - before
}

describe('app cache in one process', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer({ countStatements: true })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('reads an app once, and again only after a write to it', async () => {
    const app = await t.createApp({ name: 'Cached', allowedOrigins: [ORIGIN_A] })
    const check = async () => (await t.call(`/api/v1/apps/${app.id}/origin_check`, { appId: null, headers: { origin: ORIGIN_B } })).body.allowed as boolean
    expect(await check()).toBe(false)
    // On PostgreSQL the copy is kept once the server listens for other processes' writes.
    await expect.poll(() => statementsOf(t.counting!, check), { timeout: 5_000 }).toBe(0)
    await t.createApp({ id: app.id, allowedOrigins: [ORIGIN_A, ORIGIN_B] })
    expect(await check()).toBe(true)
  })

  it('does not keep unknown apps, and hands out copies no handler can change', async () => {
    expect(await getApp(t.db, 'unknown-app-0000000000000')).toBeNull()
    expect(await statementsOf(t.counting!, () => getApp(t.db, 'unknown-app-0000000000000'))).toBe(1)
    const app = await getApp(t.db, t.app.id)
    expect(() => app!.allowedOrigins.push(ORIGIN_B)).toThrow(TypeError)
  })

  it('reads the list of apps (preflights, cross-app connections) once, and again after any app is written', async () => {
    await listApps(t.db)
    await expect.poll(() => statementsOf(t.counting!, () => listApps(t.db)), { timeout: 5_000 }).toBe(0)
    const added = await t.createApp({ name: 'Listed', allowedOrigins: [ORIGIN_B] })
    expect(await statementsOf(t.counting!, async () => expect((await listApps(t.db)).map((app) => app.id)).toContain(added.id))).toBe(1)
    await expect(listApps(t.db).then((apps) => apps.pop())).rejects.toThrow(TypeError)
  })

  it('reads a kept app again after a minute, so a notice lost with a dead listener does not keep it stale', async () => {
    await getApp(t.db, t.app.id)
    await expect.poll(() => statementsOf(t.counting!, () => getApp(t.db, t.app.id)), { timeout: 5_000 }).toBe(0)
    const now = Date.now()
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000)
    try {
      expect(await statementsOf(t.counting!, () => getApp(t.db, t.app.id))).toBe(1)
    } finally {
      later.mockRestore()
    }
  })
})

describe.skipIf(!process.env.DATABASE_URL)('app cache across server processes on one PostgreSQL', () => {
  let database: TestDatabase
  let ctx: ServerContext | undefined
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    if (ctx) {
      await ctx.signer.close()
      await ctx.db.close()
    }
    await database?.dispose()
  })

  it('a change made through another process is seen by a running server', async () => {
    const counting = countingDb(await openDatabase({ databaseUrl: database.databaseUrl, dataDir: '' }))
    ctx = await createServerContext({ quiet: true }, { db: counting.db, clock: new TestClock(), delivery: new CaptureDelivery() })
    const app = await upsertApp(ctx.db, { name: 'Shared', allowedOrigins: [ORIGIN_A] }, Date.now())
    const http = createApp(ctx)
    const allowed = async () =>
      ((await (await http.request(`/api/v1/apps/${app.id}/origin_check`, { headers: { origin: ORIGIN_B } })).json()) as { allowed: boolean }).allowed
    // The server keeps its copy once it listens for other processes' writes.
    await expect.poll(() => statementsOf(counting, allowed), { timeout: 5_000 }).toBe(0)
    expect(await allowed()).toBe(false)
    // Another process (this module's state is not shared with it) changes the app: only its NOTIFY reaches this one.
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-cache-'))
    try {
      const updated = await runCli(['apps', 'update', app.id, '--add-origin', ORIGIN_B, '--data-dir', dataDir], { DATABASE_URL: database.databaseUrl })
      expect(updated.code, updated.stderr).toBe(0)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    await expect.poll(allowed, { timeout: 5_000 }).toBe(true)
  })
})
