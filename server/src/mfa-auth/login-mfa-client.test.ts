/** The client half of sign-in MFA (core `client.loginMfa`, the React hooks' work) against these routes. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createClient, createMemoryStorage, type TesseraClient } from '../../../src/core/index.js'
import { authenticatorCode, nextTotpStep } from '../mfa/test-support.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

let server: TestServer
let client: TesseraClient | null = null
let users = 0

beforeAll(async () => {
  const plenty = { max: 10_000, windowSeconds: 60 }
  server = await startTestServer({
    app: { name: 'Client MFA App' },
    server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, resendCooldownSeconds: 0 } },
  })
})
afterAll(async () => {
  await server?.close()
})
afterEach(() => {
  client?.destroy()
  client = null
})

async function newClient(): Promise<TesseraClient> {
  client = createClient({ appId: server.app.id, apiUrl: server.url, storage: createMemoryStorage(), locks: null })
  await client.ready
  return client
}

async function emailSignIn(target: TesseraClient, email: string) {
  await target.auth.email.sendCode(email)
  return target.auth.email.loginWithCode(server.inbox.lastCode(email))
}

/** Signs a new user in and enrols a sign-in authenticator app through the client; answers its secret. */
async function enrolledUser(target: TesseraClient): Promise<{ email: string; secret: string; userId: string }> {
  const email = `login-mfa-client-${++users}-${Date.now()}@example.com`
  const user = await emailSignIn(target, email)
  const { totpSecret } = await target.loginMfa.initEnrollment()
  nextTotpStep(server)
  const enrolled = await target.loginMfa.enroll(authenticatorCode(server, totpSecret))
  expect(enrolled.id).toBe(user.id)
  return { email, secret: totpSecret, userId: user.id }
}

describe('sign-in MFA through the core client', () => {
  it('a sign-in stops at mfa_required with no session; verify(code) finishes it and announces the login', async () => {
    const target = await newClient()
    const { email, secret, userId } = await enrolledUser(target)
    await target.logout()
    const logins: string[] = []
    target.on('login', ({ user, loginMethod }) => logins.push(`${user.id}:${loginMethod}`))

    await expect(emailSignIn(target, email)).rejects.toMatchObject({ code: 'mfa_required' })
    expect(target.getAuth().status).toBe('unauthenticated')
    expect(target.loginMfa.getState()).toEqual({ status: 'required', methods: ['totp'] })
    expect(JSON.stringify(target.loginMfa.getState())).not.toMatch(/token/i)

    nextTotpStep(server)
    const right = authenticatorCode(server, secret)
    await expect(target.loginMfa.verify(right === '000000' ? '000001' : '000000')).rejects.toMatchObject({ code: 'missing_or_invalid_mfa' })
    expect(target.loginMfa.getState().status).toBe('required')
    await target.loginMfa.verify(right)
    expect(target.getAuth()).toMatchObject({ status: 'authenticated', user: { id: userId } })
    expect(target.loginMfa.getState()).toEqual({ status: 'idle', methods: [] })
    expect(logins).toEqual([`${userId}:email`])
    expect(await target.getAccessToken()).toEqual(expect.any(String))
  })

  it('signed in, verify checks the factor so unenroll may remove it; afterwards one factor signs in; cancel drops a pending sign-in', async () => {
    const target = await newClient()
    const { email, secret } = await enrolledUser(target)
    await target.logout()
    await expect(emailSignIn(target, email)).rejects.toMatchObject({ code: 'mfa_required' })
    target.loginMfa.cancel()
    expect(target.loginMfa.getState().status).toBe('idle')
    // Cancelled: a code no longer finishes anything, and signed out there is nothing to check.
    nextTotpStep(server)
    await expect(target.loginMfa.verify(authenticatorCode(server, secret))).rejects.toMatchObject({ code: 'must_be_authenticated' })

    await expect(emailSignIn(target, email)).rejects.toMatchObject({ code: 'mfa_required' })
    nextTotpStep(server)
    await target.loginMfa.verify(authenticatorCode(server, secret))
    server.clock.advance(16 * 60)
    await expect(target.loginMfa.unenroll()).rejects.toMatchObject({ code: 'mfa_required' })
    nextTotpStep(server)
    await target.loginMfa.verify(authenticatorCode(server, secret))
    await target.loginMfa.unenroll()
    await target.logout()
    expect((await emailSignIn(target, email)).linkedAccounts).toContainEqual(expect.objectContaining({ type: 'email', address: email }))
  })
})
