// The statements each hot request sends to the database (issue 19), counted with counting-db.ts once the app is in
// this process's copy: a change that adds a statement to one of these requests fails here.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type ApiResponse, type TestServer } from '../test-support/test-server.js'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ countStatements: true })
  // On PostgreSQL the app copy is kept once the server listens for other processes' writes to apps.
  const originCheck = () => t.call(`/api/v1/apps/${t.app.id}/origin_check`, { appId: null })
  await vi.waitFor(async () => expect((await counted(originCheck)).statements).toBe(0), { timeout: 5_000 })
})
afterAll(async () => {
  await t?.close()
})

/** The request's answer and how many statements the server sent for it. */
async function counted(request: () => Promise<ApiResponse>): Promise<{ status: number; statements: number; body: any }> {
  const before = t.counting!.statements()
  const response = await request()
  return { status: response.status, statements: t.counting!.statements() - before, body: response.body }
}

describe('statements per request', () => {
  it('GET /users/me: one (the user, its accounts and factors, and the session check)', async () => {
    const { body } = await t.login('me-statements@example.com')
    expect(await counted(() => t.call('/api/v1/users/me', { token: body.token }))).toMatchObject({ status: 200, statements: 1 })
  })

  it('refresh: three (the per-IP limit, the rotation, the user); with the access token only: two', async () => {
    const { body } = await t.login('refresh-statements@example.com')
    const rotated = await counted(() => t.call('/api/v1/sessions', { body: { refresh_token: body.refresh_token } }))
    expect(rotated).toMatchObject({ status: 200, statements: 3 })
    // Inside the grace window the same token gets the same successor without another write.
    expect(await counted(() => t.call('/api/v1/sessions', { body: { refresh_token: body.refresh_token } }))).toMatchObject({
      status: 200,
      statements: 3,
      body: { refresh_token: rotated.body.refresh_token },
    })
    expect(await counted(() => t.call('/api/v1/sessions', { body: {}, token: body.token }))).toMatchObject({ status: 200, statements: 2 })
  })

  it('code request: two (the rate-limit counters, the code); code sign-in: four (the limit, the code, the sign-in, the user), new or returning', async () => {
    const email = 'code-statements@example.com'
    expect(await counted(() => t.call('/api/v1/passwordless/init', { body: { email } }))).toMatchObject({ status: 200, statements: 2 })
    expect(await counted(() => t.call('/api/v1/passwordless/authenticate', { body: { email, code: t.inbox.lastCode(email) } }))).toMatchObject({
      status: 200,
      statements: 4,
    })
    t.clock.advance(120)
    await t.call('/api/v1/passwordless/init', { body: { email } })
    expect(await counted(() => t.call('/api/v1/passwordless/authenticate', { body: { email, code: t.inbox.lastCode(email) } }))).toMatchObject({
      status: 200,
      statements: 4,
    })
  })
})
