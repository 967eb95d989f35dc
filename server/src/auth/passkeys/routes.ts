import { randomUUID } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { authModes, fromPasskeyWire } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { addLinkedAccount, findUserIdByAccount } from '../../users/store.js'
import { assertAllowlisted, assertLoginMethodEnabled } from '../shared/access-control.js'
import { completeLogin, signInOrSignUp } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import { issueChallenge } from './challenge-store.js'
import { creationOptions, requestOptions } from './options.js'
import type { PasskeyDetails } from './passkey-account.js'
import { relyingPartyId } from './relying-party.js'
import { verifyPasskeyAssertion } from './verify-authentication.js'
import { verifyPasskeyRegistration } from './verify-registration.js'
import { limitPerIp } from '../../rate-limit/limit-per-ip.js'

const base64url = safeString(4096).regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
const extensions = z.record(z.string(), z.unknown()).optional()
const registrationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: base64url, attestationObject: safeString(16384).regex(/^[A-Za-z0-9_-]+$/), transports: z.array(safeString(32)).optional() }).passthrough(),
  authenticatorAttachment: safeString(32).nullish(),
  clientExtensionResults: extensions.default({}),
}).passthrough()
const authenticationResponse = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.nullish() }).passthrough(),
  authenticatorAttachment: safeString(32).nullish(),
  clientExtensionResults: extensions.default({}),
}).passthrough()

// The reference clients send the answer in snake_case (document 2 "Passkey assertion payload").
const registrationAnswer = z.preprocess(fromPasskeyWire, registrationResponse)
export const authenticationAnswer = z.preprocess(fromPasskeyWire, authenticationResponse)

const initBody = z.object({ token: safeString(4096).nullish() })
const relyingParty = safeString(253).nullish()
const registerBody = z.object({ relying_party: relyingParty, authenticator_response: registrationAnswer, mode: z.enum(authModes).nullish() })
const linkBody = z.object({ relying_party: relyingParty, authenticator_response: registrationAnswer })
const authenticateBody = z.object({ relying_party: relyingParty, challenge: base64url, authenticator_response: authenticationAnswer, mode: z.enum(authModes).nullish() })
const unlinkBody = z.object({ credential_id: base64url })

/**
 * `POST /api/v1/passkeys/*`: WebAuthn sign-up (`register`), sign-in (`authenticate`), `link` and `unlink`.
 * Each `init` issues a single-use challenge bound to its ceremony (and, for link, to the user).
 */
export function passkeyRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const origin = (c: Context<AppEnv>) => c.req.header('origin')

  routes.post('/register/init', async (c) => {
    const app = c.var.app
    assertPasskeySignup(app)
    const ip = await limitPerIp(ctx, c, 'challenge-ip', ctx.rateLimits.challengesPerIp)
    const { token } = await readBody(c, initBody)
    await assertCaptcha(ctx, app, token, ip)
    const rpId = relyingPartyId(app, origin(c))
    const challenge = await issueChallenge(ctx, app.id, 'register')
    return c.json({ relying_party: rpId, options: await creationOptions(app, rpId, challenge, { id: randomUUID(), name: `${app.name} passkey` }) })
  })

  routes.post('/register', async (c) => {
    const app = c.var.app
    assertPasskeySignup(app)
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, registerBody)
    const account = await verifyPasskeyRegistration(ctx, app, body.authenticator_response as RegistrationResponseJSON, 'register', null, c.req.header('user-agent'))
    assertAllowlisted(app, account.allowlistIdentifiers)
    // Sign-up only: a credential id that is already stored (someone else's) is never taken over (SECURITY #22).
    const login = await signInOrSignUp(ctx, app, {
      mode: body.mode,
      findUserId: async (tx) => {
        if ((await findUserIdByAccount(tx, app.id, 'passkey', account.key)) !== null) throw new ApiError(400, 'linked_to_another_user', 'This passkey is already registered.')
        return null
      },
      recordNewUser: (tx, userId, now) => addLinkedAccount(tx, app.id, userId, 'passkey', account.key, now, account.details),
    })
    return c.json(login.body)
  })

  routes.post('/authenticate/init', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'passkey')
    const ip = await limitPerIp(ctx, c, 'challenge-ip', ctx.rateLimits.challengesPerIp)
    const { token } = await readBody(c, initBody)
    await assertCaptcha(ctx, app, token, ip)
    const rpId = relyingPartyId(app, origin(c))
    const challenge = await issueChallenge(ctx, app.id, 'authenticate')
    return c.json({ relying_party: rpId, options: await requestOptions(app, rpId, challenge) })
  })

  routes.post('/authenticate', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'passkey')
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const account = await verifyPasskeyAssertion(ctx, app, body.challenge, body.authenticator_response as AuthenticationResponseJSON)
    // A returning passkey only: no sign-up here, whatever the mode says.
    const login = await completeLogin(ctx, app, { method: 'passkey', account, mode: 'no-signup' })
    return c.json(login.body)
  })

  routes.post('/link/init', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'passkey')
    const caller = await requireAccess(ctx, c)
    const rpId = relyingPartyId(app, origin(c))
    const challenge = await issueChallenge(ctx, app.id, 'link', caller.userId)
    const owned = await ctx.db.query<{ address: string }>("SELECT address FROM linked_accounts WHERE user_id = $1 AND type = 'passkey'", [caller.userId])
    const options = await creationOptions(app, rpId, challenge, { id: caller.userId, name: caller.userId }, owned.map((row) => row.address))
    return c.json({ relying_party: rpId, options })
  })

  routes.post('/link', async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'passkey')
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, linkBody)
    const account = await verifyPasskeyRegistration(ctx, app, body.authenticator_response as RegistrationResponseJSON, 'link', caller.userId, c.req.header('user-agent'))
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'passkey', account))
  })

  routes.post('/unlink', async (c) => {
    const app = c.var.app
    const caller = await requireAccess(ctx, c)
    const { credential_id } = await readBody(c, unlinkBody)
    const [stored] = await ctx.db.query<{ details: PasskeyDetails }>(
      "SELECT details FROM linked_accounts WHERE app_id = $1 AND type = 'passkey' AND address = $2 AND user_id = $3",
      [app.id, credential_id, caller.userId],
    )
    if (stored?.details.enrolled_in_mfa) throw new ApiError(400, 'invalid_data', 'Cannot unlink a passkey enrolled in MFA')
    return c.json(await unlinkAccount(ctx, app, caller.userId, 'passkey', credential_id))
  })

  return routes
}

/** Sign-up with a passkey needs the method on and `passkeysForSignup`. */
function assertPasskeySignup(app: AppRecord): void {
  assertLoginMethodEnabled(app, 'passkey')
  if (!app.passkeysForSignup) throw new ApiError(403, 'signup_disabled', 'Passkey sign-up is not enabled for this app')
}
