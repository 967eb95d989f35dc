import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app.js'
import { upsertApp } from '../../apps/store.js'
import type { AppRecord } from '../../apps/types.js'
import { openDatabase } from '../../db/open.js'
import type { Db, Queryable } from '../../db/types.js'
import { createServerContext } from '../../server.js'
import { CaptureDelivery } from '../../test-support/capture-delivery.js'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js'
import { TestClock } from '../../test-support/test-clock.js'

// docs/security.md #10 by construction: a send runs the same statements whether or not the address belongs to a user, so
// neither its answer nor its timing can tell them apart (the timing itself is measured in `npm run bench -- flood`).
let database: TestDatabase
let db: Db
let app: AppRecord
let baseUrl: string
let stop: () => Promise<void>
const statements: string[] = []
const inbox = new CaptureDelivery()
const clock = new TestClock()

/** The database, recording every statement's text (not its values) in `statements`. */
function recording(inner: Db): Db {
  const record = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql.replace(/\s+/g, ' ').trim())
      return target.query(sql, params)
    },
  })
  return { kind: inner.kind, close: () => inner.close(), query: record(inner).query, transaction: (work) => inner.transaction((tx) => work(record(tx))) }
}

beforeAll(async () => {
  database = await createTestDatabase()
  db = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
  app = await upsertApp(db, { name: 'Enumeration', loginMethods: ['email', 'sms'] }, Date.now())
  const ctx = await createServerContext({ quiet: true }, { db: recording(db), clock, delivery: inbox })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  stop = () => new Promise<void>((resolve) => server.close(() => resolve()))
})
afterAll(async () => {
  await stop?.()
  await db?.close()
  await database?.dispose()
})

const post = (path: string, body: unknown) =>
  fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', 'privy-app-id': app.id }, body: JSON.stringify(body) })

/** The statements one send runs, and its answer. */
async function send(path: string, body: unknown) {
  statements.length = 0
  const response = await post(path, body)
  return { status: response.status, body: await response.text(), statements: [...statements] }
}

describe('a code send to a user and to a stranger (#10)', () => {
  it('runs the same statements and answers the same for email and SMS', async () => {
    for (const [path, field, known, unknown] of [
      ['/api/v1/passwordless/init', 'email', 'member@example.com', 'stranger@example.com'],
      ['/api/v1/passwordless_sms/init', 'phoneNumber', '+16505550101', '+16505550102'],
    ] as const) {
      expect((await post(path, { [field]: known })).status).toBe(200)
      const signedUp = await post(path.replace('init', 'authenticate'), { [field]: known, code: inbox.lastCode(known) })
      expect(signedUp.status).toBe(200)
      clock.advance(31) // past the resend cooldown
      const member = await send(path, { [field]: known })
      const stranger = await send(path, { [field]: unknown })
      expect(member.statements.length).toBeGreaterThan(0)
      expect(stranger).toEqual(member)
    }
  })
})
