import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../../src/protocol/route-table.js'
import { routePath } from '../../../src/protocol/index.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { upsertApp } from './store.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  await t?.close()
})

const checkUrl = (appId: string) => t.url + routePath(routes.appOriginCheck, { app_id: appId })

/** What a page's simple GET (no custom header, no credentials: never preflighted) reads. */
async function check(appId: string, origin: string) {
  const response = await fetch(checkUrl(appId), { headers: { origin } })
  return {
    status: response.status,
    allowOrigin: response.headers.get('access-control-allow-origin'),
    credentials: response.headers.get('access-control-allow-credentials'),
    body: await response.json(),
  }
}

describe('origin check (issue 15: a refused origin is reported as such)', () => {
  it('tells a refused page that its origin is not allowed, readable by that page, with no credentials', async () => {
    const refused = await check(t.app.id, 'http://demo.tessera.test:5173')
    expect(refused).toEqual({
      status: 200,
      allowOrigin: 'http://demo.tessera.test:5173',
      credentials: null,
      body: { origin: 'http://demo.tessera.test:5173', allowed: false },
    })
    expect(await check(t.app.id, TEST_ORIGIN)).toMatchObject({ status: 200, body: { origin: TEST_ORIGIN, allowed: true } })
  })

  it('the API itself still refuses that origin: preflight 403 without CORS headers, no request reaches a route', async () => {
    const preflight = await fetch(`${t.url}/api/v1/passwordless/init`, {
      method: 'OPTIONS',
      headers: { origin: 'http://demo.tessera.test:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers a change of the allowed origins at once', async () => {
    const app = await t.createApp({ name: 'Live', allowedOrigins: [TEST_ORIGIN] })
    expect((await check(app.id, 'http://lan.tessera.test:8080')).body.allowed).toBe(false)
    await upsertApp(t.db, { id: app.id, allowedOrigins: [TEST_ORIGIN, 'http://lan.tessera.test:*'] }, t.clock.now())
    expect((await check(app.id, 'http://lan.tessera.test:8080')).body.allowed).toBe(true)
  })

  it('an unknown app is 404 not_found, readable; a request without Origin (not a page) is told nothing is allowed', async () => {
    const unknown = await check('unknown-app-0000000000000', 'http://demo.tessera.test')
    expect(unknown).toMatchObject({ status: 404, allowOrigin: 'http://demo.tessera.test', body: { code: 'not_found' } })
    const noOrigin = await fetch(checkUrl(t.app.id))
    expect(await noOrigin.json()).toEqual({ origin: null, allowed: false })
    expect(noOrigin.headers.get('cache-control')).toBe('no-store')
  })
})
