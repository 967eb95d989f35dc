import type { Context, Handler, Hono } from 'hono'
import { OAUTH_DENIED_CODE, oauthProviders, oauthReturnParams, type OAuthProvider } from '../../../../src/protocol/index.js'
import { getApp } from '../../apps/store.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { mount } from '../../http/mount.js'
import { oauthCallbackRoute, oauthFormPostCallbackRoute } from '../../../../src/protocol/routes/oauth.js'
import { issueCode } from './code-store.js'
import { exchangeCode } from './exchange-code.js'
import { identifyUser } from './identify-user.js'
import { providerTokens } from './provider-tokens.js'
import { resolveProvider } from './providers.js'
import { takeState, type OAuthState } from './state-store.js'

/** Provider errors that mean the user said no (Apple has its own). */
const DENIED_ERRORS = new Set(['access_denied', 'user_cancelled_authorize'])
const MAX_PARAM_LENGTH = 4096

const stateMismatch = () => new ApiError(400, 'oauth_state_mismatch', 'Unknown, expired or already used OAuth state')

/** The app's redirect_to with the return parameters set (the URL was checked against the app's list at init). */
function returnUrl(state: OAuthState, params: Record<string, string>): string {
  const url = new URL(state.redirectTo)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

async function callbackParams(c: Context): Promise<Record<string, string>> {
  const raw = c.req.method === 'POST' ? await c.req.parseBody() : c.req.query()
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string' && value.length <= MAX_PARAM_LENGTH) params[name] = value
  return params
}

/**
 * `GET|POST /api/v1/oauth/callback/:provider`: where the provider sends the browser back (POST for
 * Apple's form_post). It carries no app header: the state names the app. A state that is unknown,
 * spent, expired or was started for another provider gets a 400 and never a code (docs/security.md #11, #13);
 * otherwise the browser returns to the app's redirect_to with our one-time code, the client's
 * state code and the provider, or with the denial / error.
 */
export function mountOauthCallbackRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  const returnToApp: Handler<AppEnv> = async (c) => {
    const name = c.req.param('provider') as OAuthProvider
    if (!oauthProviders.includes(name)) throw new ApiError(404, 'not_found', 'Unknown OAuth provider')
    const params = await callbackParams(c)
    const state = params.state ? await takeState(ctx, params.state) : null
    if (!state || state.provider !== name) throw stateMismatch()
    const back = (result: Record<string, string>) =>
      c.redirect(returnUrl(state, { [oauthReturnParams.state]: state.clientStateCode, [oauthReturnParams.provider]: name, ...result }), 302)
    const fail = (code: 'invalid_credentials' | 'feature_not_enabled', reason: string) => {
      ctx.logger.warn({ provider: name, app: state.appId, reason }, 'oauth callback failed')
      return back({ [oauthReturnParams.error]: code })
    }

    const app = await getApp(ctx.db, state.appId)
    if (!app?.oauthProviders[name]) return fail('feature_not_enabled', 'provider no longer configured')
    const provider = resolveProvider(app, name)
    // RFC 9207: a response naming another issuer comes from a mixed-up or malicious provider.
    if (params.iss !== undefined && params.iss !== provider.issuer) return fail('invalid_credentials', 'unexpected iss')
    if (params.error)
      return DENIED_ERRORS.has(params.error)
        ? back({ [oauthReturnParams.code]: OAUTH_DENIED_CODE })
        : fail('invalid_credentials', `provider error ${params.error}`)
    if (!params.code) return fail('invalid_credentials', 'no code')

    let code: string
    try {
      const tokens = await exchangeCode(provider, params.code, state.providerCodeVerifier, state.callbackUrl, ctx.clock.now())
      const profile = await identifyUser(provider, tokens, state.nonce, ctx.clock.now())
      code = await issueCode(ctx, {
        appId: app.id,
        provider: name,
        clientStateCode: state.clientStateCode,
        codeChallenge: state.codeChallenge,
        profile,
        tokens: providerTokens(name, tokens),
      })
    } catch (error) {
      // Names and messages only: provider errors never echo our secret, and tokens stay out of the log.
      return fail('invalid_credentials', `${(error as Error).name}: ${(error as Error).message}`)
    }
    return back({ [oauthReturnParams.code]: code })
  }
  mount(app, oauthCallbackRoute, returnToApp)
  mount(app, oauthFormPostCallbackRoute, returnToApp)
}
