import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { mountAnalyticsRoutes } from './analytics/routes.js'
import { mountAppRoutes } from './apps/routes.js'
import { mountSmartWalletConfigRoutes } from './smart-wallets/routes.js'
import { originCheckRoutes } from './apps/origin-check.js'
import { getApp, listApps } from './apps/store.js'
import { loginMethodModules } from './auth/login-methods.js'
import { mountCaptchaRoutes } from './captcha/routes.js'
import type { ServerContext } from './context.js'
import { outboxRoutes } from './delivery/outbox-routes.js'
import { ApiError, serviceUnavailable } from './http/api-error.js'
import { DatabaseUnavailableError } from './db/unavailable.js'
import { cors } from './http/cors.js'
import type { AppEnv } from './http/env.js'
import { appOfRequest, requireApp } from './http/require-app.js'
import { isMfaApiPath } from './mfa/mfa-path.js'
import { LoginMfaRequired } from './mfa-auth/challenge.js'
import { mountMfaAuthRoutes } from './mfa-auth/routes.js'
import { mountMfaApiRoutes } from './mfa/routes.js'
import { sessionCookies } from './sessions/cookies.js'
import { sessionCsrfGuard } from './sessions/csrf.js'
import { mountSessionRoutes } from './sessions/routes.js'
import { mountUserRoutes } from './users/routes.js'
import { isWalletShareApiPath, ownOrigin } from './wallets/frame-origin.js'
import { mountEmbeddedWalletApiRoutes } from './wallets/routes.js'
import { mountWalletDelegationRoutes } from './wallets/delegation-routes.js'
import { mountServerWalletRoutes } from './server-wallets/routes.js'
import { mountRecoveryCallbackRoutes, mountRecoveryRoutes } from './recovery/routes.js'
import { walletFramePageRoutes } from './wallets/wallet-frame-page.js'
import { mountScanRoutes } from './scan/routes.js'
import { mountTokenRoutes } from './tokens/routes.js'
import { mountCoinbaseOnrampRoutes } from './funding/coinbase/coinbase-routes.js'
import { MOONPAY_STATUS_PATH, mountMoonpayRoutes } from './funding/moonpay/moonpay-routes.js'
import { mountMoonpayStatusRoutes } from './funding/moonpay/status-routes.js'
import { mountBridgeRoutes } from './funding/relay/bridge-routes.js'
import { mountFundingWebhookRoutes } from './funding/webhooks/webhook-routes.js'
import { refuseNulInUrl } from './http/refuse-nul-url.js'
import { chainRelayRoutes } from './rpc/routes.js'
import { mountPaymasterRoutes } from './sponsorship/paymaster-routes.js'
import { limitBody } from './http/limit-body.js'

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
  app.use('*', limitBody({ maxSize: MAX_BODY_BYTES, onError: (c) => errorBody(c, 413, 'payload_too_large', 'Request body too large') }))

  // Before the CORS check: any page may read whether its own origin is allowed (origin-check.ts).
  app.route('/', originCheckRoutes(ctx))
  app.use(
    '/api/*',
    cors((c, preflight) => allowedOrigins(ctx, c, preflight)),
  )

  app.route('/', walletFramePageRoutes(ctx))
  // Before the app routes: cross-app's public `/api/v1/apps/{app_id}/cross-app/*` is matched first.
  for (const mount of loginMethodModules.flatMap((method) => method.mountsBeforeAppCheck ?? [])) mount(app, ctx)
  mountAppRoutes(app, ctx)
  mountSmartWalletConfigRoutes(app, ctx)
  // The chain relay names its app in the path (a page's JSON-RPC clients send no app header).
  app.route('/', chainRelayRoutes(ctx))
  // The app's ERC-7677 paymaster: JSON-RPC clients send no app header either.
  mountPaymasterRoutes(app, ctx)
  mountRecoveryCallbackRoutes(app, ctx)
  // Funding providers deliver webhooks without our app header (the URL names the app), and the client reads the
  // second provider's status copy like MoonPay's own API: no app header, no bearer.
  mountFundingWebhookRoutes(app, ctx)
  mountMoonpayStatusRoutes(app, ctx)
  app.use('/api/v1/*', requireApp(ctx.db))
  // Cookie-session apps only: CSRF checks first, then tokens of sign-in answers move into cookies.
  app.use('/api/v1/*', sessionCsrfGuard(), sessionCookies(ctx))
  for (const mount of loginMethodModules.flatMap((method) => method.mounts)) mount(app, ctx)
  mountAnalyticsRoutes(app, ctx)
  mountCaptchaRoutes(app, ctx)
  mountSessionRoutes(app, ctx)
  mountUserRoutes(app, ctx)
  mountEmbeddedWalletApiRoutes(app, ctx)
  mountServerWalletRoutes(app, ctx)
  mountWalletDelegationRoutes(app, ctx)
  mountMfaApiRoutes(app, ctx)
  mountMfaAuthRoutes(app, ctx)
  mountRecoveryRoutes(app, ctx)
  mountScanRoutes(app, ctx)
  mountCoinbaseOnrampRoutes(app, ctx)
  mountBridgeRoutes(app, ctx)
  mountMoonpayRoutes(app, ctx)
  mountTokenRoutes(app, ctx)
  if (ctx.dev) app.route('/dev', outboxRoutes(ctx))

  return app
}
