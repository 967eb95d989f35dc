/**
 * Google Drive recovery's OAuth leg against the real server and the local OAuth provider, and the Drive v3 app-data
 * stand-in the wallet frame talks to: the token the server hands over opens the user's app-data folder and nothing
 * else; states are single-use, per user, and bound to the PKCE verifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOGLE_DRIVE_APPDATA_SCOPE, recoveryRoutes } from '../../../src/protocol/index.js'
import { startGoogleDrive, type GoogleDriveStandIn } from '../../../test/harness/google-drive.js'
import { authorize } from '../../../test/harness/oidc-provider.js'
import { clientPkce, REDIRECT_TO, startOAuthHarness, type ClientPkce, type OAuthHarness } from '../auth/oauth/test-support/oauth-harness.js'

let h: OAuthHarness
let drive: GoogleDriveStandIn
let accessToken: string
let otherAccessToken: string

beforeAll(async () => {
  h = await startOAuthHarness()
  drive = await startGoogleDrive({ verifyToken: (token) => h.idp.accessTokenGrant(token) })
  accessToken = (await h.t.login(`drive-${Date.now()}@example.com`, h.app.id)).body.token
  otherAccessToken = (await h.t.login(`drive-other-${Date.now()}@example.com`, h.app.id)).body.token
}, 60_000)
afterAll(async () => {
  await drive?.close()
  await h?.close()
})

const init = (client: ClientPkce, token = accessToken, extra: Record<string, unknown> = {}) =>
  h.t.call(recoveryRoutes.oauthInit.path, { appId: h.app.id, token, body: { provider: 'google-drive', redirect_to: REDIRECT_TO, code_challenge: client.challenge, state_code: client.stateCode, ...extra } })
const authenticate = (code: string, client: ClientPkce, token = accessToken, extra: Record<string, unknown> = {}) =>
  h.t.call(recoveryRoutes.oauthAuthenticate.path, { appId: h.app.id, token, body: { provider: 'google-drive', authorization_code: code, state_code: client.stateCode, code_verifier: client.verifier, ...extra } })

/** init → the provider's consent (as Google account `sub`) → back at the app's page with a code. */
async function codeFromProvider(client: ClientPkce, sub: string): Promise<string> {
  h.idp.signInAs({ sub })
  const started = await init(client)
  expect(started.status).toBe(200)
  const back = await authorize(started.body.url)
  expect(`${back.origin}${back.pathname}`, back.search).toBe(REDIRECT_TO)
  expect(back.searchParams.get('error'), back.searchParams.get('error_description') ?? '').toBeNull()
  expect(back.searchParams.get('state')).toBe(client.stateCode)
  return back.searchParams.get('code')!
}

async function driveList(token: string): Promise<Response> {
  return fetch(`${drive.url}/drive/v3/files?spaces=appDataFolder&q=${encodeURIComponent("name = 'backup.json'")}`, { headers: { authorization: `Bearer ${token}` } })
}

describe('recovery/oauth', () => {
  it('init sends the user to the provider for the Drive app-data scope only, with the client’s PKCE challenge', async () => {
    const client = clientPkce()
    const response = await init(client)
    expect(response.status).toBe(200)
    const url = new URL(response.body.url)
    expect(`${url.origin}${url.pathname}`).toBe(h.idp.oidcSettings.authorizationEndpoint)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: h.idp.oidcSettings.clientId, redirect_uri: REDIRECT_TO, response_type: 'code', scope: GOOGLE_DRIVE_APPDATA_SCOPE,
      state: client.stateCode, code_challenge: client.challenge, code_challenge_method: 'S256',
    })
  })

  it('authenticate trades the code for a token that reads and writes the user’s app-data folder', async () => {
    const client = clientPkce()
    const code = await codeFromProvider(client, 'google-user-1')
    const response = await authenticate(code, client)
    expect(response.status).toBe(200)
    const token = response.body.access_token as string
    expect(token.length).toBeGreaterThan(10)

    const boundary = 'tessera-test'
    const upload = await fetch(`${drive.url}/upload/drive/v3/files?uploadType=multipart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/related; boundary=${boundary}` },
      body: `--${boundary}\r\ncontent-type: application/json\r\n\r\n${JSON.stringify({ name: 'backup.json', parents: ['appDataFolder'] })}\r\n--${boundary}\r\ncontent-type: application/octet-stream\r\n\r\nsecret-key\r\n--${boundary}--`,
    })
    expect(upload.status).toBe(200)
    const { id } = (await upload.json()) as { id: string }
    const listed = (await (await driveList(token)).json()) as { files: { id: string }[] }
    expect(listed.files.map((file) => file.id)).toEqual([id])
    const media = await fetch(`${drive.url}/drive/v3/files/${id}?alt=media`, { headers: { authorization: `Bearer ${token}` } })
    expect(await media.text()).toBe('secret-key')
  })

  it('a state works once, only for the user who started it, and only with its verifier', async () => {
    const client = clientPkce()
    const code = await codeFromProvider(client, 'google-user-2')
    // Another signed-in user cannot spend this user's state.
    expect((await authenticate(code, client, otherAccessToken)).status).toBe(400)
    // A wrong verifier fails; the state is then spent.
    const wrong = await authenticate(code, { ...client, verifier: clientPkce().verifier })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Recovery OAuth failed')
    const again = await authenticate(code, client)
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('Unexpected auth flow. This may be a phishing attempt.')
  })

  it('a code the provider did not issue fails without echoing the provider, and nothing leaks to the logs', async () => {
    const client = clientPkce()
    expect((await init(client)).status).toBe(200)
    const response = await authenticate('not-a-real-code', client)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'invalid_credentials', error: 'Recovery OAuth failed' })
    expect(h.logs()).not.toContain('not-a-real-code')
    expect(h.logs()).not.toContain(client.verifier)
  })

  it('refuses bad input with 4xx: no session, another redirect, a short challenge, another provider, iCloud', async () => {
    const client = clientPkce()
    expect((await init(client, '')).status).toBe(401)
    expect((await init(client, accessToken, { redirect_to: 'https://evil.test/return' })).status).toBe(400)
    expect((await init(client, accessToken, { code_challenge: 'short' })).status).toBe(400)
    expect((await init(client, accessToken, { provider: 'dropbox' })).status).toBe(400)
    const icloud = await h.t.call(recoveryRoutes.initIcloud.path, { appId: h.app.id, token: accessToken, body: { client_type: 'web' } })
    expect(icloud.status).toBe(400)
    expect(icloud.body.code).toBe('not_supported')
  })
})

describe('the Drive app-data stand-in', () => {
  it('refuses a missing or foreign token, and keeps each account’s files apart', async () => {
    expect((await driveList('not-a-token')).status).toBe(401)
    const client = clientPkce()
    const token = (await authenticate(await codeFromProvider(client, 'google-user-3'), client)).body.access_token as string
    const listed = (await (await driveList(token)).json()) as { files: unknown[] }
    // google-user-1's backup.json is not this account's.
    expect(listed.files).toEqual([])
    expect(drive.files().some((file) => file.owner === 'google-user-1' && file.name === 'backup.json')).toBe(true)
  })
})
