/**
 * A real OAuth 2.0 / OpenID provider (`oidc-provider`) on loopback for server and browser tests. One
 * instance plays both kinds of provider Tessera supports:
 * - google-like OIDC: `openid email profile`, an RS256 ID token with iss/aud/nonce, userinfo at `/me`;
 * - github-like plain OAuth2: no `openid`, no ID token; `GET /api/user` and `/api/user/emails` answer
 *   GitHub-shaped JSON for the bearer access token;
 * - LINE-like OIDC: the client secret in the token request body and HS256 ID tokens signed with it.
 * Interactions never need a person: by default they complete at once as the account given to
 * `signInAs` (a headless browser just follows redirects); `interaction: 'form'` serves a plain HTML
 * form instead (Allow / Deny buttons) that a browser clicks and `authorize()` posts. `denyNext()`
 * makes the next interaction answer `error=access_denied`; `tamperNextIdToken()` re-signs the next
 * ID token with changed claims or a foreign key, for ID-token validation tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose'
import type { OAuthProviderSettings } from '../../server/src/auth/oauth/settings.js'
import { recoveryCallbackUrl } from '../../server/src/recovery/callback-url.js'
import { GOOGLE_DRIVE_APPDATA_SCOPE } from '../../src/protocol/index.js'

export interface ProviderAccount {
  sub: string
  email?: string
  email_verified?: boolean
  name?: string
  /** The github-like user API's `login`. */
  login?: string
  picture?: string
}

export interface IdTokenTamper {
  /** Rewrites the claims before the provider's own key signs them again. */
  claims?: (claims: JWTPayload) => JWTPayload
  /** Signs with a key the provider does not publish (same `kid`). */
  foreignKey?: boolean
}

export interface LocalOAuthProvider {
  issuer: string
  /** App settings for a google-like OIDC client of this provider. */
  oidcSettings: OAuthProviderSettings
  /** App settings for a github-like plain OAuth2 client of this provider. */
  oauth2Settings: OAuthProviderSettings
  /** App settings for a LINE-like client: client_secret_post and HS256 ID tokens. */
  oidcPostSettings: OAuthProviderSettings
  /** The account the next interactions sign in (auto mode) or prefill (form mode). */
  signInAs(account: ProviderAccount): void
  /** The next interaction ends with `error=access_denied`. */
  denyNext(): void
  tamperNextIdToken(tamper: IdTokenTamper): void
  /** The account and scopes of an access token this provider issued and that is still valid, or null. */
  accessTokenGrant(token: string): Promise<{ sub: string; scopes: string[] } | null>
  close(): Promise<void>
}

export interface StartOidcProviderOptions {
  /** Redirect URIs the two clients may use (the server's callback URLs). */
  redirectUris: string[]
  interaction?: 'auto' | 'form'
  host?: string
}

const OIDC_CLIENT = 'local-oidc-client'
const OAUTH2_CLIENT = 'local-oauth2-client'
const OIDC_POST_CLIENT = 'local-oidc-post-client'
const OAUTH2_SCOPES = ['read:user', 'user:email']

// oidc-provider ships no types; this is the part of its API the harness uses.
interface OidcProviderModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider
  interactionPolicy: { base(): PromptList; Check: CheckConstructor }
}
type CheckConstructor = (new (
  reason: string,
  description: string,
  check: (ctx: KoaContext) => boolean,
) => unknown) & { REQUEST_PROMPT: boolean; NO_NEED_TO_PROMPT: boolean }
interface PromptList {
  get(name: string): { checks: { add(check: unknown, index?: number): void } }
}
interface KoaContext {
  path: string
  method: string
  body: unknown
  oidc: { result?: unknown }
}
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; params: Record<string, string | undefined>; prompt: { name: string } }>
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission: boolean }): Promise<void>
  Grant: new (init: {
    accountId: string
    clientId: string
  }) => { addOIDCScope(scope: string): void; addOIDCClaims(claims: string[]): void; save(): Promise<string> }
  AccessToken: { find(token: string): Promise<{ accountId: string; scope?: string } | undefined> }
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = ''
  for await (const chunk of req) text += chunk
  return new URLSearchParams(text)
}

/**
 * Runs `start` with oidc-provider's start-up warnings (Node 20, in-memory storage) held back: they are
 * about production deployments, and this loopback provider lives for one test run or one `npm start`.
 */
async function withoutProviderWarnings<T>(start: () => T | Promise<T>): Promise<T> {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args)
  }
  try {
    return await start()
  } finally {
    console.warn = warn
  }
}

/** Starts the provider on an ephemeral loopback port. */
export async function startOidcProvider(options: StartOidcProviderOptions): Promise<LocalOAuthProvider> {
  // A variable specifier keeps TypeScript from looking for the package's (missing) declarations.
  const moduleName = 'oidc-provider'
  const { default: Provider, interactionPolicy } = await withoutProviderWarnings(() => import(moduleName) as Promise<OidcProviderModule>)
  const host = options.host ?? '127.0.0.1'
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'local-key', alg: 'RS256', use: 'sig' }
  const secret = () => randomBytes(32).toString('base64url')
  const secrets = { oidc: secret(), oauth2: secret(), oidcPost: secret() }
  const accounts = new Map<string, ProviderAccount>()
  let current: ProviderAccount = { sub: 'user-1', email: 'user-1@example.com', email_verified: true, name: 'User One', login: 'user-one' }
  let denyNext = false
  let tamper: IdTokenTamper | null = null

  // Every authorization request shows an interaction, even with a live provider session, so each
  // flow signs in the account the test chose.
  const policy = interactionPolicy.base()
  policy
    .get('login')
    .checks.add(
      new interactionPolicy.Check('always_interact', 'every request is interactive', (ctx) =>
        ctx.oidc.result ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
      0,
    )

  // Google Drive recovery comes back to the server's recovery callback: the google-like client accepts it beside the login's.
  const googleRedirectUris = [
    ...options.redirectUris,
    ...options.redirectUris.filter((uri) => uri.endsWith('/api/v1/oauth/callback/google')).map((uri) => recoveryCallbackUrl(new URL(uri).origin)),
  ]
  const provider = await withoutProviderWarnings(
    () =>
      new Provider(issuer, {
        clients: [
          { client_id: OIDC_CLIENT, client_secret: secrets.oidc, redirect_uris: googleRedirectUris, grant_types: ['authorization_code', 'refresh_token'] },
          { client_id: OAUTH2_CLIENT, client_secret: secrets.oauth2, redirect_uris: options.redirectUris },
          {
            client_id: OIDC_POST_CLIENT,
            client_secret: secrets.oidcPost,
            redirect_uris: options.redirectUris,
            token_endpoint_auth_method: 'client_secret_post',
            id_token_signed_response_alg: 'HS256',
          },
        ],
        jwks: { keys: [signingJwk] },
        enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        // Google Drive's app-data scope: the Drive stand-in (google-drive.ts) accepts this provider's tokens.
        scopes: ['openid', 'offline_access', 'email', 'profile', ...OAUTH2_SCOPES, GOOGLE_DRIVE_APPDATA_SCOPE],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
        // Google puts the profile claims in the ID token itself.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`, policy },
        findAccount: (_ctx: unknown, sub: string) => {
          const account = accounts.get(sub)
          if (!account) return undefined
          return {
            accountId: sub,
            claims: () => ({ sub, email: account.email, email_verified: account.email_verified, name: account.name, picture: account.picture }),
          }
        },
        ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, RefreshToken: 86400, Interaction: 600, Session: 600, Grant: 600 },
      }),
  )

  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: string } | undefined
    if (ctx.path !== '/token' || !tamper || typeof body?.id_token !== 'string') return
    const change = tamper
    tamper = null
    const claims = change.claims ? change.claims(decodeJwt(body.id_token)) : decodeJwt(body.id_token)
    const key = change.foreignKey ? (await generateKeyPair('RS256')).privateKey : privateKey
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid! }).sign(key)
  })

  async function finish(req: IncomingMessage, res: ServerResponse, account: ProviderAccount | null): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    if (!account) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User denied the request' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    accounts.set(account.sub, account)
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id! })
    if (details.params.scope) grant.addOIDCScope(details.params.scope)
    grant.addOIDCClaims(['email', 'email_verified', 'name', 'picture'])
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    )
  }

  function interactionForm(res: ServerResponse, uid: string): void {
    const field = (name: keyof ProviderAccount, label: string) =>
      `<label>${label} <input name="${name}" value="${escapeHtml(String(current[name] ?? ''))}"></label><br>`
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><title>Local provider sign-in</title><form method="post" action="/interaction/${uid}">
${field('sub', 'Subject')}${field('email', 'Email')}${field('name', 'Name')}${field('login', 'Login')}
<label><input type="checkbox" name="email_verified" value="true"${current.email_verified ? ' checked' : ''}> Email verified</label><br>
<button name="action" value="allow">Allow</button> <button name="action" value="deny">Deny</button></form>`)
  }

  const accountFromForm = (form: URLSearchParams): ProviderAccount => ({
    sub: form.get('sub') || current.sub,
    email: form.get('email') || undefined,
    email_verified: form.get('email_verified') === 'true',
    name: form.get('name') || undefined,
    login: form.get('login') || undefined,
  })

  /** The github-like user API: the bearer access token must be one this provider issued. */
  async function userApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const grant = token ? await provider.AccessToken.find(token) : undefined
    const account = grant ? accounts.get(grant.accountId) : undefined
    res.setHeader('content-type', 'application/json')
    if (!account) {
      res.writeHead(401).end(JSON.stringify({ message: 'Bad credentials' }))
      return
    }
    const body =
      path === '/api/user'
        ? {
            id: Number.isNaN(Number(account.sub)) ? account.sub : Number(account.sub),
            login: account.login ?? account.sub,
            name: account.name ?? null,
            email: account.email ?? null,
            avatar_url: account.picture ?? null,
          }
        : account.email
          ? [{ email: account.email, primary: true, verified: account.email_verified === true, visibility: 'public' }]
          : []
    res.writeHead(200).end(JSON.stringify(body))
  }

  const handle = provider.callback()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer)
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname)
    const run = async () => {
      if (interaction && req.method === 'GET') {
        if (denyNext) {
          denyNext = false
          return finish(req, res, null)
        }
        if (options.interaction === 'form') return interactionForm(res, interaction[1]!)
        return finish(req, res, current)
      }
      if (interaction && req.method === 'POST') {
        const form = await readForm(req)
        return finish(req, res, form.get('action') === 'allow' ? accountFromForm(form) : null)
      }
      if (req.method === 'GET' && (url.pathname === '/api/user' || url.pathname === '/api/user/emails')) return userApi(req, res, url.pathname)
      handle(req, res)
    }
    run().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })

  const endpoints = { authorizationEndpoint: `${issuer}/auth`, tokenEndpoint: `${issuer}/token`, issuer }
  return {
    issuer,
    oidcSettings: {
      clientId: OIDC_CLIENT,
      clientSecret: secrets.oidc,
      ...endpoints,
      userInfoEndpoint: `${issuer}/me`,
      jwksUri: `${issuer}/jwks`,
      scopes: ['openid', 'email', 'profile'],
    },
    oidcPostSettings: {
      clientId: OIDC_POST_CLIENT,
      clientSecret: secrets.oidcPost,
      ...endpoints,
      jwksUri: `${issuer}/jwks`,
      scopes: ['openid', 'profile', 'email'],
    },
    oauth2Settings: { clientId: OAUTH2_CLIENT, clientSecret: secrets.oauth2, ...endpoints, userInfoEndpoint: `${issuer}/api/user`, scopes: OAUTH2_SCOPES },
    signInAs(account) {
      current = account
    },
    denyNext() {
      denyNext = true
    },
    tamperNextIdToken(change) {
      tamper = change
    },
    async accessTokenGrant(token) {
      const grant = await provider.AccessToken.find(token)
      return grant ? { sub: grant.accountId, scopes: (grant.scope ?? '').split(' ').filter(Boolean) } : null
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * Follows an authorization URL the way a browser would (cookies, redirects, the interaction form when
 * one is shown) until the provider sends the user agent off its own origin; returns that address
 * (the client's redirect URI with `code` or `error`, `state` and `iss`).
 */
export async function authorize(url: string, form: { action: 'allow' | 'deny'; account?: ProviderAccount } = { action: 'allow' }): Promise<URL> {
  const origin = new URL(url).origin
  const cookies = new Map<string, string>()
  let next: { url: URL; init: RequestInit } = { url: new URL(url), init: { method: 'GET' } }
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
    const location = response.headers.get('location')
    if (location) {
      const target = new URL(location, next.url)
      if (target.origin !== origin) return target
      next = { url: target, init: { method: 'GET' } }
      continue
    }
    const html = await response.text()
    if (response.status !== 200 || !/<form method="post" action="([^"]+)"/.test(html))
      throw new Error(
        `Provider answered ${response.status}: ${html
          .replace(/<style>[\s\S]*<\/style>|<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 300)}`,
      )
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!
    const fields = new URLSearchParams({ action: form.action })
    const account = form.account
    if (account) {
      for (const key of ['sub', 'email', 'name', 'login'] as const) if (account[key]) fields.set(key, account[key]!)
      if (account.email_verified) fields.set('email_verified', 'true')
    } else {
      for (const match of html.matchAll(/<input name="(\w+)" value="([^"]*)"/g))
        fields.set(
          match[1]!,
          match[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
        )
      if (/name="email_verified" value="true" checked/.test(html)) fields.set('email_verified', 'true')
    }
    next = {
      url: new URL(action, next.url),
      init: { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    }
  }
  throw new Error('Too many redirects at the provider')
}
