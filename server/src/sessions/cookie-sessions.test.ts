import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COOKIE_REFRESH_TOKEN_PLACEHOLDER, REFRESH_TOKEN_TTL_SECONDS } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { startTestServer, TEST_ORIGIN, type ApiResponse, type TestServer } from '../test-support/test-server.js'

let t: TestServer
let refreshOnlyApp: AppRecord
let accessCookieApp: AppRecord
beforeAll(async () => {
  t = await startTestServer()
  refreshOnlyApp = await t.createApp({ name: 'Cookie sessions', allowedOrigins: [TEST_ORIGIN], cookieSessions: { accessTokenInCookie: false, apiUrl: null } })
  accessCookieApp = await t.createApp({
    name: 'Cookie access token',
    allowedOrigins: [TEST_ORIGIN],
    cookieSessions: { accessTokenInCookie: true, apiUrl: 'https://auth.acme.test' },
  })
})
afterAll(async () => {
  await t?.close()
})

interface SetCookie {
  name: string
  value: string
  attributes: Map<string, string>
}
/** The response's Set-Cookie headers by name, attributes keyed lower-case ('httponly' → ''). */
function setCookies(response: ApiResponse): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>()
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...parts] = line.split(';').map((part) => part.trim())
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
    const attributes = new Map(parts.map((part) => [part.split('=')[0]!.toLowerCase(), part.split('=')[1] ?? ''] as [string, string]))
    cookies.set(name, { name, value, attributes })
  }
  return cookies
}
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')

let counter = 0
async function signIn(app: AppRecord) {
  const response = await t.login(`cookie${++counter}@example.com`, app.id)
  expect(response.status).toBe(200)
  const cookies = setCookies(response)
  return { response, cookies, refreshCookie: cookies.get('privy-refresh-token')!.value }
}
const browserCall = (app: AppRecord, path: string, cookies: Record<string, string>, headers: Record<string, string> = {}, body: unknown = {}) =>
  t.call(path, { appId: app.id, body, headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-site', cookie: cookieHeader(cookies), ...headers } })

describe('cookie sessions: the app setting', () => {
  it('sets custom_api_url in the app config (the reference client switches to server cookies), null otherwise', async () => {
    expect((await t.call(`/api/v1/apps/${refreshOnlyApp.id}`)).body.custom_api_url).toBe(t.url)
    expect((await t.call(`/api/v1/apps/${accessCookieApp.id}`)).body.custom_api_url).toBe('https://auth.acme.test')
    expect((await t.call(`/api/v1/apps/${t.app.id}`)).body.custom_api_url).toBeNull()
  })

  it('leaves a bearer-token app as it was: tokens in the body, no cookies', async () => {
    const response = await t.login(`bearer${++counter}@example.com`)
    expect(typeof response.body.refresh_token).toBe('string')
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('cookie sessions: sign-in', () => {
  it('docs/security.md #38: puts the refresh token in an HttpOnly; Secure; SameSite=Strict cookie on the sessions path, only a placeholder in the body', async () => {
    const { response, cookies } = await signIn(refreshOnlyApp)
    expect(response.body.refresh_token).toBe(COOKIE_REFRESH_TOKEN_PLACEHOLDER)
    expect(typeof response.body.token).toBe('string')
    expect(typeof response.body.identity_token).toBe('string')
    const refresh = cookies.get('privy-refresh-token')!
    expect(refresh.value.length).toBeGreaterThan(20)
    expect(Object.fromEntries(refresh.attributes)).toEqual({
      httponly: '',
      secure: '',
      samesite: 'Strict',
      path: '/api/v1/sessions',
      'max-age': String(REFRESH_TOKEN_TTL_SECONDS),
    })
    const present = cookies.get('privy-session')!
    expect(present.value).toBe('t')
    expect(present.attributes.has('httponly')).toBe(false)
    expect(Object.fromEntries(present.attributes)).toMatchObject({ secure: '', samesite: 'Strict', path: '/' })
    expect(cookies.has('privy-token')).toBe(false)
  })

  it('docs/security.md #38: with the access token in a cookie, the body carries no access or identity token and the cookie authenticates', async () => {
    const { response, cookies } = await signIn(accessCookieApp)
    expect(response.body).toMatchObject({ token: null, privy_access_token: null, refresh_token: COOKIE_REFRESH_TOKEN_PLACEHOLDER })
    expect(response.body).not.toHaveProperty('identity_token')
    const identity = cookies.get('privy-id-token')!
    expect(decodeJwt(identity.value).sub).toBe(response.body.user.id)
    expect(Object.fromEntries(identity.attributes)).toEqual({ httponly: '', secure: '', samesite: 'Strict', path: '/', 'max-age': '3600' })
    const access = cookies.get('privy-token')!
    expect(decodeJwt(access.value).aud).toBe(accessCookieApp.id)
    expect(Object.fromEntries(access.attributes)).toEqual({ httponly: '', secure: '', samesite: 'Strict', path: '/api/v1', 'max-age': '3600' })
    const me = await t.call('/api/v1/users/me', { appId: accessCookieApp.id, headers: { cookie: cookieHeader({ 'privy-token': access.value }) } })
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(response.body.user.id)
  })

  it('ignores an access-token cookie for an app that keeps the access token in memory', async () => {
    const { cookies } = await signIn(accessCookieApp)
    const me = await t.call('/api/v1/users/me', {
      appId: refreshOnlyApp.id,
      headers: { cookie: cookieHeader({ 'privy-token': cookies.get('privy-token')!.value }) },
    })
    expect(me.status).toBe(401)
  })
})

describe('cookie sessions: refresh and logout', () => {
  it('refreshes from the cookie (body empty or a placeholder) and rotates it', async () => {
    const { refreshCookie } = await signIn(refreshOnlyApp)
    const first = await browserCall(refreshOnlyApp, '/api/v1/sessions', { 'privy-refresh-token': refreshCookie })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ session_update_action: 'set', refresh_token: COOKIE_REFRESH_TOKEN_PLACEHOLDER })
    const rotated = setCookies(first).get('privy-refresh-token')!.value
    expect(rotated).not.toBe(refreshCookie)
    const second = await browserCall(
      refreshOnlyApp,
      '/api/v1/sessions',
      { 'privy-refresh-token': rotated },
      {},
      { refresh_token: COOKIE_REFRESH_TOKEN_PLACEHOLDER },
    )
    expect(second.status).toBe(200)
    expect(setCookies(second).get('privy-refresh-token')!.value).not.toBe(rotated)
  })

  it('moves a refresh token issued before cookie sessions were turned on into the cookie', async () => {
    const app = await t.createApp({ name: 'Switching to cookies', allowedOrigins: [TEST_ORIGIN] })
    const bearerSession = await t.login(`switch${++counter}@example.com`, app.id)
    await t.createApp({ id: app.id, cookieSessions: { accessTokenInCookie: false, apiUrl: null } })
    const switched = await browserCall(app, '/api/v1/sessions', {}, {}, { refresh_token: bearerSession.body.refresh_token })
    expect(switched.status).toBe(200)
    expect(switched.body.refresh_token).toBe(COOKIE_REFRESH_TOKEN_PLACEHOLDER)
    expect(setCookies(switched).get('privy-refresh-token')!.value.length).toBeGreaterThan(20)
  })

  it('logout revokes the session named by the cookie and clears every session cookie', async () => {
    const { refreshCookie } = await signIn(refreshOnlyApp)
    const logout = await browserCall(refreshOnlyApp, '/api/v1/sessions/logout', { 'privy-refresh-token': refreshCookie })
    expect(logout.status).toBe(200)
    const cleared = setCookies(logout)
    for (const name of ['privy-refresh-token', 'privy-token', 'privy-id-token', 'privy-session']) {
      expect(cleared.get(name)?.value).toBe('')
      expect(cleared.get(name)?.attributes.get('max-age')).toBe('0')
    }
    const after = await browserCall(refreshOnlyApp, '/api/v1/sessions', { 'privy-refresh-token': refreshCookie })
    expect(after.status).toBe(401)
  })
})

describe('cookie sessions: CSRF', () => {
  const expectRefused = (response: ApiResponse) => {
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('invalid_origin')
    expect(response.headers.getSetCookie()).toEqual([])
  }
  /** The cookie still works afterwards: the refused request spent nothing. */
  const expectStillUsable = async (refreshCookie: string) =>
    expect((await browserCall(refreshOnlyApp, '/api/v1/sessions', { 'privy-refresh-token': refreshCookie })).status).toBe(200)

  it('docs/security.md #38: a cross-site POST carrying the session cookie from an origin the app does not allow is rejected', async () => {
    const { refreshCookie } = await signIn(refreshOnlyApp)
    expectRefused(
      await browserCall(
        refreshOnlyApp,
        '/api/v1/sessions',
        { 'privy-refresh-token': refreshCookie },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      ),
    )
    expectRefused(await browserCall(refreshOnlyApp, '/api/v1/sessions/logout', { 'privy-refresh-token': refreshCookie }, { origin: 'https://evil.example' }))
    await expectStillUsable(refreshCookie)
  })

  it('docs/security.md #38: Sec-Fetch-Site: cross-site on an unsafe method is rejected, even from an allowed origin', async () => {
    const { refreshCookie } = await signIn(refreshOnlyApp)
    expectRefused(await browserCall(refreshOnlyApp, '/api/v1/sessions', { 'privy-refresh-token': refreshCookie }, { 'sec-fetch-site': 'cross-site' }))
    expectRefused(await browserCall(refreshOnlyApp, '/api/v1/passwordless/init', {}, { 'sec-fetch-site': 'cross-site' }, { email: 'victim@example.com' }))
    await expectStillUsable(refreshCookie)
  })

  it('docs/security.md #38: an unsafe request carrying the session cookie without an Origin is rejected', async () => {
    const { cookies, refreshCookie } = await signIn(accessCookieApp)
    // Neither Origin nor Sec-Fetch-Site: what a non-browser forger (or a very old browser) sends.
    expectRefused(
      await t.call('/api/v1/sessions', { appId: accessCookieApp.id, body: {}, headers: { cookie: cookieHeader({ 'privy-refresh-token': refreshCookie }) } }),
    )
    expectRefused(
      await t.call('/api/v1/users/me/accept_terms', {
        appId: accessCookieApp.id,
        body: {},
        headers: { cookie: cookieHeader({ 'privy-token': cookies.get('privy-token')!.value }) },
      }),
    )
  })

  it('lets a bearer-token app be called cross-site, as before', async () => {
    const response = await t.call('/api/v1/passwordless/init', {
      body: { email: `cross${++counter}@example.com` },
      headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' },
    })
    expect(response.status).toBe(200)
  })
})
