import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../../src/protocol/route-table.js'
import { createApp } from '../app.js'
import { createServerContext } from '../server.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

let t: TestServer
let mounted: Set<string>

beforeAll(async () => {
  t = await startTestServer()
  const ctx = await createServerContext({ quiet: true }, { db: t.db, clock: t.clock, delivery: t.inbox })
  // Middleware registers as method ALL; the endpoints are the rest.
  mounted = new Set(
    createApp(ctx)
      .routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.path}`),
  )
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe('the protocol route table and the server', () => {
  const table = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`))

  it('mounts every route of the table', () => {
    expect([...table].filter((route) => !mounted.has(route))).toEqual([])
  })

  it('mounts no /api/v1 route the table lacks', () => {
    expect([...mounted].filter((route) => !table.has(route))).toEqual([])
  })
})
