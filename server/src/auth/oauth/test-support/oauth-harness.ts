import { createHash, randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { OAUTH_STATE_BYTES, oauthReturnParams, type OAuthProvider } from '../../../../../src/protocol/index.js'
import {
  authorize,
  startOidcProvider,
  type LocalOAuthProvider,
  type ProviderAccount,
  type StartOidcProviderOptions,
} from '../../../../../test/harness/oidc-provider.js'
import type { AppInput, AppRecord } from '../../../apps/types.js'
import { startTestServer, type ApiResponse, type TestServer } from '../../../test-support/test-server.js'
import { callbackUrl } from '../public-origin.js'

/** Where the test app's OAuth flows return (on its exact-match list). */
export const REDIRECT_TO = 'http://allowed.test:3000/oauth/return'

/** What a browser client keeps between init and authenticate: its PKCE verifier and state code (36 random bytes each). */
export interface ClientPkce {
  verifier: string
  challenge: string
  stateCode: string
}
export function clientPkce(): ClientPkce {
  const verifier = randomBytes(OAUTH_STATE_BYTES).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), stateCode: randomBytes(OAUTH_STATE_BYTES).toString('base64url') }
}

export interface OAuthHarness {
  t: TestServer
  idp: LocalOAuthProvider
  /** An app with email, google (the local OIDC client), github (the plain OAuth2 client) and line (the client_secret_post, HS256 client). */
  app: AppRecord
  /** Everything the server logged so far. */
  logs(): string
  createApp(input: AppInput): Promise<AppRecord>
  init(provider: OAuthProvider, client: ClientPkce, options?: { appId?: string; redirectTo?: string; extra?: Record<string, unknown> }): Promise<ApiResponse>
  /** GETs a callback URL as the browser would and returns the server's answer (302 Location or error body). */
  callback(url: URL | string): Promise<{ status: number; location: URL | null; body: any }>
  /** init → provider (as `account`) → callback; the return URL at the app, its code and the client's PKCE pair. */
  startFlow(
    provider: OAuthProvider,
    account: ProviderAccount,
    options?: { appId?: string },
  ): Promise<{ client: ClientPkce; returned: URL; code: string | null }>
  authenticate(code: string, client: ClientPkce, extra?: Record<string, unknown>, appId?: string): Promise<ApiResponse>
  signIn(provider: OAuthProvider, account: ProviderAccount, options?: { appId?: string; mode?: string }): Promise<ApiResponse>
  close(): Promise<void>
}

export async function startOAuthHarness(options: Partial<StartOidcProviderOptions> = {}): Promise<OAuthHarness> {
  let logs = ''
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  const t = await startTestServer({ overrides: { logger: pino({ level: 'debug' }, sink) } })
  const idp = await startOidcProvider({
    ...options,
    redirectUris: [...(['google', 'github', 'line'] as const).map((name) => callbackUrl(t.url, name)), REDIRECT_TO],
  })
  const createApp = (input: AppInput) =>
    t.createApp({
      allowedOrigins: ['http://allowed.test:3000'],
      loginMethods: ['email', 'google', 'github', 'line'],
      oauthRedirectUrls: [REDIRECT_TO],
      oauthProviders: { google: idp.oidcSettings, github: idp.oauth2Settings, line: idp.oidcPostSettings },
      ...input,
    })
  const app = await createApp({ name: 'OAuth app' })

  const harness: OAuthHarness = {
    t,
    idp,
    app,
    logs: () => logs,
    createApp,
    init: (provider, client, { appId = app.id, redirectTo = REDIRECT_TO, extra = {} } = {}) =>
      t.call('/api/v1/oauth/init', {
        appId,
        body: { provider, redirect_to: redirectTo, code_challenge: client.challenge, state_code: client.stateCode, ...extra },
      }),
    async callback(url) {
      const response = await fetch(url, { redirect: 'manual' })
      const location = response.headers.get('location')
      const text = await response.text()
      let body: unknown = text
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        /* HTML or empty */
      }
      return { status: response.status, location: location ? new URL(location) : null, body }
    },
    async startFlow(provider, account, { appId } = {}) {
      const client = clientPkce()
      idp.signInAs(account)
      const init = await harness.init(provider, client, { appId })
      if (init.status !== 200) throw new Error(`init failed: ${init.status} ${JSON.stringify(init.body)}`)
      const back = await harness.callback(await authorize(init.body.url))
      if (!back.location) throw new Error(`callback failed: ${back.status} ${JSON.stringify(back.body)}`)
      return { client, returned: back.location, code: back.location.searchParams.get(oauthReturnParams.code) }
    },
    authenticate: (code, client, extra = {}, appId = app.id) =>
      t.call('/api/v1/oauth/authenticate', {
        appId,
        body: { authorization_code: code, state_code: client.stateCode, code_verifier: client.verifier, ...extra },
      }),
    async signIn(provider, account, { appId, mode } = {}) {
      const flow = await harness.startFlow(provider, account, { appId })
      if (!flow.code) throw new Error(`no code in ${flow.returned}`)
      return harness.authenticate(flow.code, flow.client, mode ? { mode } : {}, appId)
    },
    async close() {
      await idp.close()
      await t.close()
    },
  }
  return harness
}
