import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OAUTH_DENIED_CODE, oauthReturnParams } from '../../../../src/protocol/index.js'
import { authorize, startOidcProvider } from '../../../../test/harness/oidc-provider.js'
import { callbackUrl } from './public-origin.js'
import { clientPkce, REDIRECT_TO, startOAuthHarness, type OAuthHarness } from './test-support/oauth-harness.js'

let h: OAuthHarness
beforeAll(async () => {
  h = await startOAuthHarness()
})
afterAll(async () => {
  await h?.close()
})

let counter = 0
const account = (email_verified = true) => {
  const n = `${++counter}-${Date.now()}`
  return { sub: `sub-${n}`, email: `person-${n}@example.com`, email_verified, name: `Person ${n}`, login: `person-${n}` }
}

describe('google-like OpenID provider', () => {
  it('signs up, returns oauth_tokens and a working session, then signs the same identity in again', async () => {
    const who = account()
    const flow = await h.startFlow('google', who)
    expect(flow.returned.origin + flow.returned.pathname).toBe(REDIRECT_TO)
    expect(flow.returned.searchParams.get(oauthReturnParams.state)).toBe(flow.client.stateCode)
    expect(flow.returned.searchParams.get(oauthReturnParams.provider)).toBe('google')
    expect(flow.code).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const first = await h.authenticate(flow.code!, flow.client)
    expect(first.status).toBe(200)
    expect(first.body.is_new_user).toBe(true)
    expect(first.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'google_oauth', subject: who.sub, email: who.email, name: who.name })])
    expect(first.body.oauth_tokens).toMatchObject({ provider: 'google', access_token: expect.any(String), access_token_expires_in_seconds: 3600 })
    expect(first.body.oauth_tokens.scopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect((await h.t.call('/api/v1/users/me', { token: first.body.token, appId: h.app.id })).status).toBe(200)

    const again = await h.signIn('google', { ...who, name: 'Renamed' })
    expect(again.status).toBe(200)
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.id).toBe(first.body.user.id)
    expect(again.body.user.linked_accounts[0].name).toBe('Renamed')
  })

  it('reports a denial as privy_oauth_code=undefined with the state and provider', async () => {
    h.idp.denyNext()
    const flow = await h.startFlow('google', account())
    expect(flow.code).toBe(OAUTH_DENIED_CODE)
    expect(flow.returned.searchParams.get(oauthReturnParams.state)).toBe(flow.client.stateCode)
    expect(flow.returned.searchParams.get(oauthReturnParams.provider)).toBe('google')
    expect((await h.authenticate(flow.code!, flow.client)).body.code).toBe('invalid_credentials')
  })

  it('takes the callback as a form POST too (Apple answers with response_mode=form_post)', async () => {
    const client = clientPkce()
    h.idp.signInAs(account())
    const init = await h.init('google', client)
    const back = await authorize(init.body.url)
    const posted = await fetch(back.origin + back.pathname, { method: 'POST', body: back.searchParams, redirect: 'manual' })
    expect(posted.status).toBe(302)
    const code = new URL(posted.headers.get('location')!).searchParams.get(oauthReturnParams.code)!
    expect((await h.authenticate(code, client)).status).toBe(200)
  })

  it('does not sign up in no-signup mode', async () => {
    const response = await h.signIn('google', account(), { mode: 'no-signup' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('user_does_not_exist')
  })
})

describe('github-like plain OAuth2 provider', () => {
  it('signs up from the user API with username, name and the primary verified email', async () => {
    const who = account()
    const response = await h.signIn('github', who)
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'github_oauth', subject: who.sub, username: who.login, name: who.name, email: who.email }),
    ])
    expect(response.body.oauth_tokens).toMatchObject({ provider: 'github', scopes: ['read:user', 'user:email'] })
    expect(response.body.identity_token).toBeTruthy()
  })

  it('reports a denial as privy_oauth_code=undefined', async () => {
    h.idp.denyNext()
    const flow = await h.startFlow('github', account())
    expect(flow.code).toBe(OAUTH_DENIED_CODE)
    expect(flow.returned.searchParams.get(oauthReturnParams.provider)).toBe('github')
  })
})

describe('LINE-like OpenID provider (secret in the token request body, HS256 ID token)', () => {
  it('signs up with name, email and picture from the ID token', async () => {
    const who = { ...account(), picture: 'https://profile.example/p.png' }
    const response = await h.signIn('line', who)
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'line_oauth', subject: who.sub, name: who.name, email: who.email, profile_picture_url: who.picture }),
    ])
  })
})

describe('the interaction form', () => {
  it('signs in through Allow and reports Deny as a denial', async () => {
    const idp = await startOidcProvider({ redirectUris: [callbackUrl(h.t.url, 'google')], interaction: 'form' })
    try {
      const app = await h.createApp({ name: 'Form provider', oauthProviders: { google: idp.oidcSettings } })
      const who = account()
      const client = clientPkce()
      const init = await h.init('google', client, { appId: app.id })
      const back = await h.callback(await authorize(init.body.url, { action: 'allow', account: who }))
      const login = await h.authenticate(back.location!.searchParams.get(oauthReturnParams.code)!, client, {}, app.id)
      expect(login.body.user.linked_accounts[0]).toMatchObject({ subject: who.sub, email: who.email })

      const denied = clientPkce()
      const deniedInit = await h.init('google', denied, { appId: app.id })
      const deniedBack = await h.callback(await authorize(deniedInit.body.url, { action: 'deny' }))
      expect(deniedBack.location!.searchParams.get(oauthReturnParams.code)).toBe(OAUTH_DENIED_CODE)
    } finally {
      await idp.close()
    }
  })
})

describe('init', () => {
  it('refuses a provider the app did not enable, or did not configure', async () => {
    const off = await h.createApp({ name: 'No github', loginMethods: ['email', 'google'] })
    const disabled = await h.init('github', clientPkce(), { appId: off.id })
    expect(disabled.status).toBe(403)
    expect(disabled.body.code).toBe('disallowed_login_method')
    const unconfigured = await h.createApp({ name: 'No client', oauthProviders: {} })
    const missing = await h.init('google', clientPkce(), { appId: unconfigured.id })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ code: 'feature_not_enabled', error: expect.stringMatching(/^missing_or_invalid_google_client_id/) })
  })

  it('requires the CAPTCHA token when the app turned CAPTCHA on', async () => {
    const app = await h.createApp({ name: 'Captcha', captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null } })
    const response = await h.init('google', clientPkce(), { appId: app.id })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_captcha')
  })

  it('rejects malformed bodies with 400', async () => {
    for (const body of [
      {},
      { provider: 'myspace', redirect_to: REDIRECT_TO, code_challenge: clientPkce().challenge, state_code: clientPkce().stateCode },
      { provider: 'google', redirect_to: REDIRECT_TO, code_challenge: clientPkce().challenge, state_code: 'short' },
    ]) {
      const response = await h.t.call('/api/v1/oauth/init', { body, appId: h.app.id })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })
})

describe('link, unlink, transfer', () => {
  it('links a provider identity to a signed-in user and unlinks it', async () => {
    const email = `linker-${Date.now()}@example.com`
    const token = (await h.t.login(email, h.app.id)).body.token as string
    const who = account()
    const flow = await h.startFlow('github', who)
    const linked = await h.t.call('/api/v1/oauth/link', {
      appId: h.app.id,
      token,
      body: { authorization_code: flow.code, state_code: flow.client.stateCode, code_verifier: flow.client.verifier },
    })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: email }),
      expect.objectContaining({ type: 'github_oauth', subject: who.sub, username: who.login }),
    ])
    const unlinkBody = { provider: 'github', subject: who.sub }
    expect((await h.t.call('/api/v1/oauth/unlink', { appId: h.app.id, body: unlinkBody })).status).toBe(401)
    const unlinked = await h.t.call('/api/v1/oauth/unlink', { appId: h.app.id, token, body: unlinkBody })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts).toHaveLength(1)
    const again = await h.t.call('/api/v1/oauth/unlink', { appId: h.app.id, token, body: unlinkBody })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('linked_account_not_found')
  })

  it("answers a link, and a reauthorization (the same identity linked again), with the provider's tokens beside the user", async () => {
    const token = (await h.t.login(`reauthorizer-${Date.now()}@example.com`, h.app.id)).body.token as string
    const who = account()
    const link = async () => {
      const flow = await h.startFlow('github', who)
      return h.t.call('/api/v1/oauth/link', {
        appId: h.app.id,
        token,
        body: { authorization_code: flow.code, state_code: flow.client.stateCode, code_verifier: flow.client.verifier },
      })
    }
    const first = await link()
    expect(first.status).toBe(200)
    expect(first.body.oauth_tokens).toMatchObject({ provider: 'github', access_token: expect.any(String), scopes: ['read:user', 'user:email'] })
    const again = await link()
    expect(again.status).toBe(200)
    expect(again.body.linked_accounts.filter((linked: { type: string }) => linked.type === 'github_oauth')).toHaveLength(1)
    expect(again.body.oauth_tokens).toMatchObject({ provider: 'github', access_token: expect.any(String) })
    expect(again.body.oauth_tokens.access_token).not.toBe(first.body.oauth_tokens.access_token)
  })

  it('offers a transfer for an identity another user holds, and moves it on redemption', async () => {
    const who = account()
    const owner = await h.signIn('google', who)
    const token = (await h.t.login(`taker-${Date.now()}@example.com`, h.app.id)).body.token as string
    const flow = await h.startFlow('google', who)
    const link = await h.t.call('/api/v1/oauth/link', {
      appId: h.app.id,
      token,
      body: { authorization_code: flow.code, state_code: flow.client.stateCode, code_verifier: flow.client.verifier },
    })
    expect(link.status).toBe(400)
    expect(link.body.code).toBe('account_transfer_required')
    expect(link.body.data).toMatchObject({ nonce: expect.any(String), subject: who.sub, account: { displayName: who.email } })

    const moved = await h.t.call('/api/v1/oauth/transfer', { appId: h.app.id, token, body: { nonce: link.body.data.nonce, userInfo: {} } })
    expect(moved.status).toBe(200)
    expect(moved.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'google_oauth'])
    expect((await h.t.call('/api/v1/users/me', { appId: h.app.id, token: owner.body.token })).status).toBe(401)
    const replay = await h.t.call('/api/v1/oauth/transfer', { appId: h.app.id, token, body: { nonce: link.body.data.nonce } })
    expect(replay.status).toBe(400)
  })
})

describe('secrets', () => {
  it('never puts client secrets, provider tokens or our codes in logs, error bodies or the app config', async () => {
    const flow = await h.startFlow('google', account())
    const login = await h.authenticate(flow.code!, flow.client)
    const replay = await h.authenticate(flow.code!, flow.client)
    const config = await h.t.call(`/api/v1/apps/${h.app.id}`, { appId: null })
    expect(config.status).toBe(200)
    const secrets = [
      h.idp.oidcSettings.clientSecret!,
      h.idp.oauth2Settings.clientSecret!,
      flow.code!,
      login.body.oauth_tokens.access_token,
      flow.client.verifier,
    ]
    for (const secret of secrets) {
      expect(h.logs()).not.toContain(secret)
      expect(JSON.stringify(replay.body)).not.toContain(secret)
      expect(JSON.stringify(config.body)).not.toContain(secret)
    }
    // Spent codes keep no provider tokens.
    const rows = await h.t.db.query('SELECT provider_tokens FROM oauth_codes WHERE consumed_at IS NOT NULL')
    expect(rows.every((row: any) => row.provider_tokens === null)).toBe(true)
  })
})

describe('bad input', () => {
  it('answers malformed bodies and callbacks with 4xx, never 5xx', async () => {
    const bodies = [
      '{"provider": ',
      '[1]',
      JSON.stringify({ provider: 'google\u0000', redirect_to: 5, code_challenge: {}, state_code: ['x'] }),
      JSON.stringify({ authorization_code: 'x'.repeat(10_000), state_code: '\uD800'.repeat(60), code_verifier: null, nonce: 7, subject: [] }),
    ]
    for (const path of ['init', 'authenticate', 'link', 'unlink', 'transfer']) {
      for (const rawBody of bodies) {
        const response = await h.t.call(`/api/v1/oauth/${path}`, { rawBody, appId: h.app.id })
        expect(response.status, `${path} ${rawBody.slice(0, 20)}`).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
        expect(response.body).toEqual({ error: expect.any(String), code: expect.any(String) })
      }
    }
    const callback = `${h.t.url}/api/v1/oauth/callback`
    for (const url of [
      `${callback}/google`,
      `${callback}/google?state=${'s'.repeat(5000)}&code=x`,
      `${callback}/myspace?state=x`,
      `${callback}/google?state=%00&code=%FF`,
    ]) {
      const answer = await h.callback(url)
      expect(answer.status, url.slice(0, 80)).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    const post = await fetch(`${callback}/apple`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'state=unknown&code=x&user=%7B%7D',
    })
    expect(post.status).toBe(400)
    expect((await post.json()).code).toBe('oauth_state_mismatch')
  })
})
