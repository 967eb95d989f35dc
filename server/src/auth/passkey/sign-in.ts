import { randomUUID } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { limitPerIp } from '../../rate-limit/limit-per-ip.js'
import { addLinkedAccount, findUserIdByAccount } from '../../users/store.js'
import { assertAllowlisted, assertLoginMethodEnabled } from '../shared/access-control.js'
import { completeLogin, signInOrSignUp } from '../shared/complete-login.js'
import { authenticationAnswer, base64url, initBody, registrationAnswer, relyingParty } from './answers.js'
import { issueChallenge } from './challenge-store.js'
import { creationOptions, requestOptions } from './options.js'
import { relyingPartyId } from './relying-party.js'
import { verifyPasskeyAssertion } from './verify-authentication.js'
import { verifyPasskeyRegistration } from './verify-registration.js'

const registerBody = z.object({ relying_party: relyingParty, authenticator_response: registrationAnswer, mode: z.enum(authModes).nullish() })
const authenticateBody = z.object({
  relying_party: relyingParty,
  challenge: base64url,
  authenticator_response: authenticationAnswer,
  mode: z.enum(authModes).nullish(),
})

/** Sign-up with a passkey needs the method on and `passkeysForSignup`. */
function assertPasskeySignup(app: AppRecord): void {
  assertLoginMethodEnabled(app, 'passkey')
  if (!app.passkeysForSignup) throw new ApiError(403, 'signup_disabled', 'Passkey sign-up is not enabled for this app')
}

/** `POST /register/init`: creation options for a new user's passkey. */
export async function initRegistration(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  assertPasskeySignup(app)
  const ip = await limitPerIp(ctx, c, 'challenge-ip', ctx.rateLimits.challengesPerIp)
  const { token } = await readBody(c, initBody)
  await assertCaptcha(ctx, app, token, ip)
  const rpId = relyingPartyId(app, c.req.header('origin'))
  const challenge = await issueChallenge(ctx, app.id, 'register')
  return c.json({ relying_party: rpId, options: await creationOptions(app, rpId, challenge, { id: randomUUID(), name: `${app.name} passkey` }) })
}

/** `POST /register`: signs up with a new passkey. */
export async function register(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  assertPasskeySignup(app)
  await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
  const body = await readBody(c, registerBody)
  const account = await verifyPasskeyRegistration(
    ctx,
    app,
    body.authenticator_response as RegistrationResponseJSON,
    'register',
    null,
    c.req.header('user-agent'),
  )
  assertAllowlisted(app, account.allowlistIdentifiers)
  // Sign-up only: a credential id that is already stored (someone else's) is never taken over (docs/security.md #22).
  const login = await signInOrSignUp(ctx, app, {
    mode: body.mode,
    findUserId: async (tx) => {
      if ((await findUserIdByAccount(tx, app.id, 'passkey', account.key)) !== null)
        throw new ApiError(400, 'linked_to_another_user', 'This passkey is already registered.')
      return null
    },
    recordNewUser: (tx, userId, now) => addLinkedAccount(tx, app.id, userId, 'passkey', account.key, now, account.details),
  })
  return c.json(login.body)
}

/** `POST /authenticate/init`: request options for a returning passkey. */
export async function initAuthentication(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, 'passkey')
  const ip = await limitPerIp(ctx, c, 'challenge-ip', ctx.rateLimits.challengesPerIp)
  const { token } = await readBody(c, initBody)
  await assertCaptcha(ctx, app, token, ip)
  const rpId = relyingPartyId(app, c.req.header('origin'))
  const challenge = await issueChallenge(ctx, app.id, 'authenticate')
  return c.json({ relying_party: rpId, options: await requestOptions(app, rpId, challenge) })
}

/** `POST /authenticate`: signs in with a returning passkey. */
export async function authenticate(ctx: ServerContext, c: Context<AppEnv>) {
  const app = c.var.app
  assertLoginMethodEnabled(app, 'passkey')
  await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
  const body = await readBody(c, authenticateBody)
  const account = await verifyPasskeyAssertion(ctx, app, body.challenge, body.authenticator_response as AuthenticationResponseJSON)
  // A returning passkey only: no sign-up here, whatever the mode says.
  const login = await completeLogin(ctx, app, { method: 'passkey', account, mode: 'no-signup' })
  return c.json(login.body)
}
