/**
 * Google Drive recovery's OAuth leg against the real server and the local OAuth provider, and the Drive v3 app-data
 * stand-in the wallet frame talks to: Google comes back to the server's recovery callback, which hands the host's
 * page a one-time code; the token that code stands for opens the user's app-data folder and nothing else; codes are
 * single-use, per user, and bound to the client's state code and PKCE verifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOGLE_DRIVE_APPDATA_SCOPE, OAUTH_DENIED_CODE, oauthReturnParams, recoveryRoutes } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { startGoogleDrive, type GoogleDriveStandIn } from '../../../test/harness/google-drive.js'
import { authorize } from '../../../test/harness/oidc-provider.js'
import { clientPkce, REDIRECT_TO, startOAuthHarness, type ClientPkce, type OAuthHarness } from '../auth/oauth/test-support/oauth-harness.js'
import { recoveryCallbackUrl } from './callback-url.js'

let h: OAuthHarness
/** An app that offers Google Drive backups (the harness's own app offers only passwords). */
let app: AppRecord
let drive: GoogleDriveStandIn
let accessToken: string
let otherAccessToken: string

beforeAll(async () => {
  h = await startOAuthHarness()
  drive = await startGoogleDrive({ verifyToken: (token) => h.idp.accessTokenGrant(token) })
  app = await h.createApp({
    name: 'Drive app',
    embeddedWallets: { ...h.app.embeddedWallets, userOwnedRecoveryOptions: ['user-passcode', 'google-drive'], googleDriveApiUrl: drive.url },
  })
  accessToken = (await h.t.login(`drive-${Date.now()}@example.com`, app.id)).body.token
  otherAccessToken = (await h.t.login(`drive-other-${Date.now()}@example.com`, app.id)).body.token
}, 60_000)
afterAll(async () => {
  await drive?.close()
  await h?.close()
})

const init = (client: ClientPkce, token = accessToken, extra: Record<string, unknown> = {}, appId = app.id) =>
  h.t.call(recoveryRoutes.oauthInit.path, {
    appId,
    token,
    body: { provider: 'google-drive', redirect_to: REDIRECT_TO, code_challenge: client.challenge, state_code: client.stateCode, ...extra },
  })
const authenticate = (code: string, client: ClientPkce, token = accessToken, extra: Record<string, unknown> = {}) =>
  h.t.call(recoveryRoutes.oauthAuthenticate.path, {
    appId: app.id,
    token,
    body: { provider: 'google-drive', authorization_code: code, state_code: client.stateCode, code_verifier: client.verifier, ...extra },
  })

/** init → the provider's consent (as Google account `sub`) → the server's callback → the app's page, with what it got. */
async function returnFromProvider(client: ClientPkce, sub: string): Promise<URL> {
  h.idp.signInAs({ sub })
  const started = await init(client)
  expect(started.status).toBe(200)
  const atCallback = await authorize(started.body.url)
  expect(`${atCallback.origin}${atCallback.pathname}`).toBe(recoveryCallbackUrl(h.t.url))
  const back = await h.callback(atCallback)
  expect(back.status, JSON.stringify(back.body)).toBe(302)
  expect(`${back.location!.origin}${back.location!.pathname}`).toBe(REDIRECT_TO)
  expect(back.location!.searchParams.get(oauthReturnParams.state)).toBe(client.stateCode)
  expect(back.location!.searchParams.get(oauthReturnParams.provider)).toBe('google-drive')
  return back.location!
}

async function codeFromProvider(client: ClientPkce, sub: string): Promise<string> {
  const back = await returnFromProvider(client, sub)
  expect(back.searchParams.get(oauthReturnParams.error)).toBeNull()
  return back.searchParams.get(oauthReturnParams.code)!
}

async function driveList(token: string): Promise<Response> {
  return fetch(`${drive.url}/drive/v3/files?spaces=appDataFolder&q=${encodeURIComponent("name = 'backup.json'")}`, {
    headers: { authorization: `Bearer ${token}` },
  })
}

describe('recovery/oauth', () => {
  it('init sends the user to the provider for the Drive app-data scope only, back to the server’s callback, with the server’s own state and PKCE', async () => {
    const client = clientPkce()
    const response = await init(client)
    expect(response.status).toBe(200)
    const url = new URL(response.body.url)
    expect(`${url.origin}${url.pathname}`).toBe(h.idp.oidcSettings.authorizationEndpoint)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: h.idp.oidcSettings.clientId,
      redirect_uri: recoveryCallbackUrl(h.t.url),
      response_type: 'code',
      scope: GOOGLE_DRIVE_APPDATA_SCOPE,
      code_challenge_method: 'S256',
      prompt: 'consent',
    })
    // The provider sees neither the client's state code nor its challenge.
    expect(url.searchParams.get('state')).not.toBe(client.stateCode)
    expect(url.searchParams.get('code_challenge')).not.toBe(client.challenge)
  })

  it('the callback hands the page a one-time code, never Google’s, and answers a spent or unknown state with 400', async () => {
    const client = clientPkce()
    h.idp.signInAs({ sub: 'google-user-0' })
    const atCallback = await authorize((await init(client)).body.url)
    const googleCode = atCallback.searchParams.get('code')!
    const back = await h.callback(atCallback)
    expect(back.location!.searchParams.get(oauthReturnParams.code)).not.toBe(googleCode)
    expect(back.location!.toString()).not.toContain(googleCode)
    const replay = await h.callback(atCallback)
    expect(replay.status).toBe(400)
    expect(replay.body.code).toBe('oauth_state_mismatch')
    expect((await h.callback(`${recoveryCallbackUrl(h.t.url)}?state=made-up&code=x`)).status).toBe(400)
    // A login callback does not know a recovery state.
    const loginCallback = new URL(atCallback)
    loginCallback.pathname = '/api/v1/oauth/callback/google'
    expect((await h.callback(loginCallback)).status).toBe(400)
  })

  it('a sign-in state fails at the recovery callback and a recovery state at the sign-in callback, and neither is spent there', async () => {
    h.idp.signInAs({ sub: 'google-user-6' })
    const atRecovery = await authorize((await init(clientPkce())).body.url)
    const atSignIn = await authorize((await h.init('google', clientPkce(), { appId: app.id })).body.url)
    const sentTo = (url: URL, callback: URL) => Object.assign(new URL(url), { pathname: callback.pathname })
    const signInStateAtRecovery = await h.callback(sentTo(atSignIn, atRecovery))
    expect(signInStateAtRecovery.status).toBe(400)
    expect(signInStateAtRecovery.body.code).toBe('oauth_state_mismatch')
    expect((await h.callback(sentTo(atRecovery, atSignIn))).status).toBe(400)
    for (const atOwnCallback of [atRecovery, atSignIn]) {
      const back = await h.callback(atOwnCallback)
      expect(back.status).toBe(302)
      expect(back.location!.searchParams.get(oauthReturnParams.code)).toBeTruthy()
    }
  })

  it('a denial at the provider comes back as the denied code', async () => {
    h.idp.denyNext()
    const back = await returnFromProvider(clientPkce(), 'google-user-0')
    expect(back.searchParams.get(oauthReturnParams.code)).toBe(OAUTH_DENIED_CODE)
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

  it('a code works once, only for the user who started it, with its state code and verifier', async () => {
    const client = clientPkce()
    const code = await codeFromProvider(client, 'google-user-2')
    // Another signed-in user cannot spend this user's code.
    expect((await authenticate(code, client, otherAccessToken)).body.error).toBe('Recovery OAuth failed')
    // Another state code is another flow.
    const otherState = await authenticate(code, { ...client, stateCode: clientPkce().stateCode })
    expect(otherState.status).toBe(400)
    expect(otherState.body.error).toBe('Unexpected auth flow. This may be a phishing attempt.')
    // A wrong verifier fails; the code is then spent.
    const wrong = await authenticate(code, { ...client, verifier: clientPkce().verifier })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('Recovery OAuth failed')
    const again = await authenticate(code, client)
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('Recovery OAuth failed')
  })

  it('the login’s authenticate does not know a recovery code', async () => {
    const client = clientPkce()
    const code = await codeFromProvider(client, 'google-user-4')
    expect((await h.authenticate(code, client, {}, app.id)).status).toBe(400)
    expect((await authenticate(code, client)).status).toBe(200)
  })

  it('a code the server did not issue fails, and neither codes nor tokens reach the logs', async () => {
    const client = clientPkce()
    const code = await codeFromProvider(client, 'google-user-5')
    const response = await authenticate('not-a-real-code', client)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'invalid_credentials', error: 'Recovery OAuth failed' })
    const token = (await authenticate(code, client)).body.access_token as string
    for (const secret of ['not-a-real-code', code, token, client.verifier]) expect(h.logs()).not.toContain(secret)
  })

  it('refuses bad input with 4xx: no session, an app without Drive backups, another redirect, a short challenge, another provider, iCloud', async () => {
    const client = clientPkce()
    expect((await init(client, '')).status).toBe(401)
    const hAppToken = (await h.t.login(`drive-none-${Date.now()}@example.com`, h.app.id)).body.token
    const notOffered = await init(client, hAppToken, {}, h.app.id)
    expect(notOffered.status).toBe(400)
    expect(notOffered.body.code).toBe('feature_not_enabled')
    expect((await init(client, accessToken, { redirect_to: 'https://evil.test/return' })).status).toBe(400)
    expect((await init(client, accessToken, { code_challenge: 'short' })).status).toBe(400)
    expect((await init(client, accessToken, { provider: 'dropbox' })).status).toBe(400)
    const icloud = await h.t.call(recoveryRoutes.initIcloud.path, { appId: app.id, token: accessToken, body: { client_type: 'web' } })
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
