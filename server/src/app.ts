import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { analyticsRoutes } from './analytics/routes.js'
import { appRoutes } from './apps/routes.js'
import { smartWalletConfigRoutes } from './smart-wallets/routes.js'
import { originCheckRoutes } from './apps/origin-check.js'
import { getApp, listApps } from './apps/store.js'
import { loginMethodModules } from './auth/login-methods.js'
import { captchaRoutes } from './captcha/routes.js'
import type { ServerContext } from './context.js'
import { outboxRoutes } from './delivery/outbox-routes.js'
import { ApiError, serviceUnavailable } from './http/api-error.js'
import { DatabaseUnavailableError } from './db/unavailable.js'
import { cors } from './http/cors.js'
import type { AppEnv } from './http/env.js'
import { appOfRequest, requireApp } from './http/require-app.js'
import { isMfaApiPath } from './mfa/mfa-path.js'
import { LoginMfaRequired } from './mfa-auth/challenge.js'
import { mfaAuthRoutes } from './mfa-auth/routes.js'
import { mfaApiRoutes } from './mfa/routes.js'
import { sessionCookies } from './sessions/cookies.js'
import { sessionCsrfGuard } from './sessions/csrf.js'
import { sessionRoutes } from './sessions/routes.js'
import { userRoutes } from './users/routes.js'
import { isWalletShareApiPath, ownOrigin } from './wallets/frame-origin.js'
import { embeddedWalletApiRoutes } from './wallets/routes.js'
import { walletDelegationRoutes } from './wallets/delegation-routes.js'
import { serverWalletRoutes } from './server-wallets/routes.js'
import { recoveryCallbackRoutes, recoveryRoutes } from './recovery/routes.js'
import { walletFramePageRoutes } from './wallets/wallet-frame-page.js'
import { scanRoutes } from './scan/routes.js'
import { tokenRoutes } from './tokens/routes.js'
import { coinbaseOnrampRoutes } from './funding/coinbase/coinbase-routes.js'
import { MOONPAY_STATUS_PATH, moonpayRoutes } from './funding/moonpay/moonpay-routes.js'
import { moonpayStatusRoutes } from './funding/moonpay/status-routes.js'
import { bridgeRoutes } from './funding/relay/bridge-routes.js'
import { fundingWebhookRoutes } from './funding/webhooks/webhook-routes.js'
import { refuseNulInUrl } from './http/refuse-nul-url.js'
import { chainRelayRoutes } from './rpc/routes.js'
import { paymasterRoutes } from './sponsorship/paymaster-routes.js'

/** Largest accepted request body; API bodies are small JSON objects. */
export const MAX_BODY_BYTES = 100 * 1024

const errorBody = (c: Context, status: ContentfulStatusCode, code: string, message: string, data?: Record<string, unknown>) =>
  c.json(data ? { error: message, code, data } : { error: message, code }, status)

/** The origins an API request may come from (CORS): per route family, else the request's app. */
async function allowedOrigins(ctx: ServerContext, c: Context<AppEnv>, preflight: boolean): Promise<string[] | null> {
  // Shares go to the wallet frame only, which this server serves from its own origin.
  if (isWalletShareApiPath(c.req.path)) return [ownOrigin(c, ctx.trustProxy)]
  // MFA: the wallet frame verifies and enrols; the app's page asks for SMS codes and passkey options itself.
  if (isMfaApiPath(c.req.path)) {
    const appOrigins = preflight ? (await listApps(ctx.db)).flatMap((a) => a.allowedOrigins) : ((await appOfRequest(ctx.db, c))?.allowedOrigins ?? [])
    return [ownOrigin(c, ctx.trustProxy), ...appOrigins]
  }
  const pathApp = /^\/api\/v1\/apps\/([^/]+)/.exec(c.req.path)?.[1]
  if (pathApp) return (await getApp(ctx.db, decodeURIComponent(pathApp)))?.allowedOrigins ?? null
  // The second provider's status copy names its app in `apiKey`, as MoonPay's own API does.
  if (c.req.path.startsWith(`${MOONPAY_STATUS_PATH}/`)) return (await getApp(ctx.db, c.req.query('apiKey') ?? ''))?.allowedOrigins ?? null
  const headerApp = await appOfRequest(ctx.db, c)
  if (headerApp) return headerApp.allowedOrigins
  // A preflight never carries the app header: allow any origin some app allows; the real request is checked per app.
  if (preflight) return (await listApps(ctx.db)).flatMap((a) => a.allowedOrigins)
  return null
}

/** The answer to an error a route threw: its API error, 503 while the database is down, else a logged 500. */
function respondToError(ctx: ServerContext, thrown: Error, c: Context<AppEnv>): Response {
  // The cause's message only: driver errors can quote the statement's values.
  if (thrown instanceof DatabaseUnavailableError) ctx.logger.warn({ cause: (thrown.cause as Error)?.message, path: c.req.path }, 'database unavailable')
  const error = thrown instanceof DatabaseUnavailableError ? serviceUnavailable() : thrown
  if (error instanceof LoginMfaRequired) return c.json(error.body)
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
    return errorBody(c, error.status, error.code, error.message, error.data)
  }
  if (error instanceof HTTPException && error.status < 500) return errorBody(c, error.status as ContentfulStatusCode, 'invalid_data', 'Invalid request')
  ctx.logger.error({ err: { name: error.name, message: error.message, stack: error.stack }, path: c.req.path }, 'unhandled error')
  return errorBody(c, 500, 'internal_error', 'Internal server error')
}

/** The HTTP application over a prepared context (no listening socket: see `startServer`). */
export function createApp(ctx: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.onError((thrown, c) => respondToError(ctx, thrown, c))
  app.notFound((c) => errorBody(c, 404, 'not_found', 'Not found'))

  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    // Method, path and status only: bodies, headers and queries can carry codes or tokens.
    ctx.logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request')
  })
  app.use('*', refuseNulInUrl)
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorBody(c, 413, 'payload_too_large', 'Request body too large') }))

  // Before the CORS check: any page may read whether its own origin is allowed (origin-check.ts).
  app.route('/', originCheckRoutes(ctx))
  app.use('/api/*', cors((c, preflight) => allowedOrigins(ctx, c, preflight)))

  app.route('/', walletFramePageRoutes(ctx))
  // Before the app routes: cross-app's public `/api/v1/apps/{app_id}/cross-app/*` is matched first.
  for (const mount of loginMethodModules.flatMap((method) => method.mountsBeforeAppCheck ?? [])) app.route(mount.path, mount.routes(ctx))
  app.route('/api/v1/apps', appRoutes(ctx))
  app.route('/api/v1/apps', smartWalletConfigRoutes(ctx))
  // The chain relay names its app in the path (a page's JSON-RPC clients send no app header).
  app.route('/api/v1/apps', chainRelayRoutes(ctx))
  // The app's ERC-7677 paymaster: JSON-RPC clients send no app header either.
  app.route('/api/v1/apps', paymasterRoutes(ctx))
  app.route('/api/v1/recovery', recoveryCallbackRoutes(ctx))
  // Funding providers deliver webhooks without our app header (the URL names the app), and the client reads the
  // second provider's status copy like MoonPay's own API: no app header, no bearer.
  app.route('/api/v1/funding/webhooks', fundingWebhookRoutes(ctx))
  app.route(MOONPAY_STATUS_PATH, moonpayStatusRoutes(ctx))
  app.use('/api/v1/*', requireApp(ctx.db))
  // Cookie-session apps only: CSRF checks first, then tokens of sign-in answers move into cookies.
  app.use('/api/v1/*', sessionCsrfGuard(), sessionCookies(ctx))
  for (const mount of loginMethodModules.flatMap((method) => method.mounts)) app.route(mount.path, mount.routes(ctx))
  app.route('/api/v1/analytics_events', analyticsRoutes(ctx))
  app.route('/api/v1/captcha', captchaRoutes(ctx))
  app.route('/api/v1/sessions', sessionRoutes(ctx))
  app.route('/api/v1/users', userRoutes(ctx))
  app.route('/api/v1/embedded_wallets', embeddedWalletApiRoutes(ctx))
  app.route('/api/v1/wallets', serverWalletRoutes(ctx))
  app.route('/api/v1/wallets', walletDelegationRoutes(ctx))
  app.route('/api/v1/mfa', mfaApiRoutes(ctx))
  app.route('/api/v1/mfa_auth', mfaAuthRoutes(ctx))
  app.route('/api/v1/recovery', recoveryRoutes(ctx))
  app.route('/api/v1/scan', scanRoutes(ctx))
  app.route('/api/v1/funding/coinbase_on_ramp', coinbaseOnrampRoutes(ctx))
  app.route('/api/v1/funding/bridge', bridgeRoutes(ctx))
  app.route('/api/v1/plugins/moonpay_on_ramp', moonpayRoutes(ctx))
  app.route('/api/v1', tokenRoutes(ctx))
  if (ctx.dev) app.route('/dev', outboxRoutes(ctx))

  return app
}
