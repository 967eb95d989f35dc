import { generateCodeVerifier, generateState } from 'arctic'
import { randomBytes } from 'node:crypto'
import type { Hono, Context } from 'hono'
import { z } from 'zod'
import { authModes, oauthAccountType, oauthProviders, type OAuthLinkDto } from '../../../../src/protocol/index.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { authorizationUrl } from './authorization-url.js'
import { recordCodeSession, redeemCode, type RedeemedCode } from './code-store.js'
import { resolveProvider } from './providers.js'
import { callbackUrl, publicOrigin } from './public-origin.js'
import { assertRedirectAllowed } from './redirect-url.js'
import { saveState } from './state-store.js'
import { mount } from '../../http/mount.js'
import { oauthAuthenticateRoute, oauthInitRoute, oauthLinkRoute, oauthTransferRoute, oauthUnlinkRoute } from '../../../../src/protocol/routes/oauth.js'

/** RFC 7636 §4.1: 43–128 unreserved characters (ours carry 36 random bytes). State codes follow the same rule. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
/** base64url of a SHA-256 digest, unpadded. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

const provider = z.enum(oauthProviders)
const stateCode = safeString(128).regex(VERIFIER, 'must be 43-128 URL-safe characters')
const initBody = z.object({
  provider,
  redirect_to: safeString(2048),
  code_challenge: safeString(256),
  code_challenge_method: safeString(16).nullish(),
  state_code: stateCode,
  token: safeString(4096).nullish(),
})
const codeBody = {
  authorization_code: safeString(256),
  state_code: stateCode,
  code_verifier: safeString(256),
  code_type: z.literal('raw').nullish(),
}
const authenticateBody = z.object({ ...codeBody, mode: z.enum(authModes).nullish() })
const linkBody = z.object(codeBody)
const unlinkBody = z.object({ provider, subject: safeString(256) })
const transferBody = z.object({ nonce: safeString(256), userInfo: z.record(z.string(), z.unknown()).nullish() })

const invalidPkce = (message: string) => new ApiError(400, 'invalid_pkce_parameters', message)
const oauthAccountTypes = oauthProviders.map(oauthAccountType)

/** The provider identity a redeemed code proves: keyed by (provider, subject), never by email (docs/security.md #16). */
const accountOf = (redeemed: RedeemedCode): VerifiedAccount => ({
  type: oauthAccountType(redeemed.provider),
  key: redeemed.profile.subject,
  details: redeemed.profile.details,
  allowlistIdentifiers: redeemed.profile.verifiedEmail ? [redeemed.profile.verifiedEmail] : [],
  displayName: redeemed.profile.displayName,
})

async function redeem(ctx: ServerContext, c: Context<AppEnv>, body: z.infer<typeof linkBody>): Promise<RedeemedCode> {
  if (!VERIFIER.test(body.code_verifier)) throw invalidPkce('code_verifier must be 43-128 URL-safe characters')
  return redeemCode(ctx, c.var.app.id, { code: body.authorization_code, stateCode: body.state_code, codeVerifier: body.code_verifier })
}

/** `POST /api/v1/oauth/{init,authenticate,link,unlink,transfer}` (the callback is in callback.ts). */
export function mountOauthRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, oauthInitRoute, async (c) => {
    const app = c.var.app
    const body = await readBody(c, initBody)
    assertLoginMethodEnabled(app, body.provider)
    const resolved = resolveProvider(app, body.provider)
    assertRedirectAllowed(app, body.redirect_to)
    // PKCE is S256 only (docs/security.md #12): `plain` or a malformed challenge is refused.
    if ((body.code_challenge_method ?? 'S256') !== 'S256') throw invalidPkce('Only the S256 code challenge method is supported')
    if (!S256_CHALLENGE.test(body.code_challenge)) throw invalidPkce('code_challenge must be a base64url SHA-256 digest')
    const ip = requireClientIp(c, ctx.trustProxy)
    await assertCaptcha(ctx, app, body.token, ip)
    await hitRateLimit(ctx.db, ctx.clock, `oauth-init-ip:${ip}`, ctx.rateLimits.authenticatePerIp)

    const state = generateState()
    const codeVerifier = resolved.pkce ? generateCodeVerifier() : null
    const nonce = resolved.identity === 'id_token' ? randomBytes(32).toString('base64url') : null
    const callback = callbackUrl(publicOrigin(c, ctx.trustProxy), body.provider)
    await saveState(ctx, state, {
      appId: app.id,
      provider: body.provider,
      clientStateCode: body.state_code,
      codeChallenge: body.code_challenge,
      redirectTo: body.redirect_to,
      callbackUrl: callback,
      providerCodeVerifier: codeVerifier,
      nonce,
    })
    return c.json({ url: authorizationUrl(resolved, { state, codeVerifier, nonce, callbackUrl: callback }) })
  })

  mount(app, oauthAuthenticateRoute, async (c) => {
    const app = c.var.app
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const redeemed = await redeem(ctx, c, body)
    const login = await completeLogin(ctx, app, { method: redeemed.provider, account: accountOf(redeemed), mode: body.mode, oauthTokens: redeemed.tokens })
    await recordCodeSession(ctx, redeemed.codeHash, login.sessionId)
    return c.json(login.body)
  })

  mount(app, oauthLinkRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const redeemed = await redeem(ctx, c, await readBody(c, linkBody))
    const user = await linkVerifiedAccount(ctx, c.var.app, caller.userId, redeemed.provider, accountOf(redeemed))
    // Beside the user, as authenticate answers them: a reauthorization hands the app fresh provider tokens.
    const answer: OAuthLinkDto = { ...user, oauth_tokens: redeemed.tokens }
    return c.json(answer)
  })

  mount(app, oauthUnlinkRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, oauthAccountType(body.provider), body.subject))
  })

  mount(app, oauthTransferRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, transferBody)
    return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, oauthAccountTypes))
  })
}
