import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import { codeEmail } from '../../delivery/code-message.js'
import { ApiError, tooManyRequests } from '../../http/api-error.js'
import { clientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { authenticatedResponse } from '../../sessions/authenticated-response.js'
import { bearerToken, requireAccess, verifyLiveAccess } from '../../sessions/authenticate-request.js'
import { createSession } from '../../sessions/store.js'
import {
  addLinkedAccount,
  countLinkedAccounts,
  createUser,
  findUserIdByAccount,
  removeLinkedAccount,
  replaceLinkedAccountAddress,
  touchLinkedAccount,
} from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { consumeCode, storeCode, type CodePurpose } from './code-store.js'
import { assertEmailAllowed, assertEmailLoginEnabled, emailAddress } from './email-address.js'
import { generateCode } from './generate-code.js'

const code = safeString(32)
const initBody = z.object({ email: emailAddress, token: safeString(4096).nullish() })
const authenticateBody = z.object({ email: emailAddress, code, mode: z.enum(authModes).nullish() })
const linkBody = z.object({ email: emailAddress, code })
const unlinkBody = z.object({ address: emailAddress })
const updateBody = z.object({ oldAddress: emailAddress, newAddress: emailAddress, code })

const invalidCode = () => new ApiError(400, 'invalid_credentials', 'Invalid or expired verification code')

/** The caller's IP or a 429: without a derivable address the per-IP limits fail closed. */
function requireIp(ctx: ServerContext, c: Context): string {
  const ip = clientIp(c, ctx.trustProxy)
  if (!ip) throw tooManyRequests(60)
  return ip
}

/** `POST /api/v1/passwordless/{init,authenticate,link,unlink,update}`: email one-time codes. */
export function passwordlessRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const limits = ctx.rateLimits

  routes.post('/init', async (c) => {
    const app = c.var.app
    assertEmailLoginEnabled(app)
    const { email } = await readBody(c, initBody)
    assertEmailAllowed(app, email)
    await hitRateLimit(ctx.db, ctx.clock, `init-ip:${requireIp(ctx, c)}`, limits.initPerIp)
    if (!ctx.delivery) throw new ApiError(400, 'feature_not_enabled', 'Email delivery is not configured on this server (set SMTP_URL)')
    // A signed-in caller gets a code bound to their account (link/update); anyone else a login code.
    const bearer = bearerToken(c)
    const caller = bearer ? await verifyLiveAccess(ctx, bearer, app.id).catch(() => null) : null
    const purpose: CodePurpose = caller ? `link:${caller.userId}` : 'login'
    await hitRateLimit(ctx.db, ctx.clock, `otp-cooldown:${app.id}:${email}`, { max: 1, windowSeconds: limits.resendCooldownSeconds })
    await hitRateLimit(ctx.db, ctx.clock, `otp-sends:${app.id}:${email}`, limits.sendsPerIdentifier)
    const otp = generateCode()
    await storeCode(ctx, { appId: app.id, identifier: email, purpose }, otp)
    try {
      await ctx.delivery.send(codeEmail(app.id, app.name, email, otp))
    } catch (error) {
      ctx.logger.error({ err: (error as Error).message, delivery: ctx.delivery.kind }, 'code delivery failed')
      throw new ApiError(503, 'internal_error', 'Could not send the email, try again later')
    }
    return c.json({ success: true })
  })

  routes.post('/authenticate', async (c) => {
    const app = c.var.app
    assertEmailLoginEnabled(app)
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${requireIp(ctx, c)}`, limits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    if (!(await consumeCode(ctx, { appId: app.id, identifier: body.email, purpose: 'login' }, body.code))) throw invalidCode()
    const now = ctx.clock.now()
    const result = await ctx.db.transaction(async (tx) => {
      let userId = await findUserIdByAccount(tx, app.id, 'email', body.email)
      const isNewUser = userId === null
      if (userId === null) {
        if (body.mode === 'no-signup') return null
        userId = await createUser(tx, app.id, now)
        await addLinkedAccount(tx, app.id, userId, 'email', body.email, now)
      } else {
        await touchLinkedAccount(tx, app.id, 'email', body.email, now)
      }
      return { userId, isNewUser, session: await createSession(tx, app.id, userId, now) }
    })
    if (!result) throw new ApiError(400, 'user_does_not_exist', 'No user exists for this email address')
    const user = await loadUserDto(ctx.db, app.id, result.userId)
    if (!user) throw invalidCode()
    return c.json(await authenticatedResponse(ctx, app.id, user, result.session.sessionId, result.session.refreshToken, 'set', result.isNewUser))
  })

  routes.post('/link', async (c) => {
    const app = c.var.app
    assertEmailLoginEnabled(app)
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, linkBody)
    await assertAddressFree(ctx, app.id, body.email, caller.userId)
    if (!(await consumeCode(ctx, { appId: app.id, identifier: body.email, purpose: `link:${caller.userId}` }, body.code))) throw invalidCode()
    await ctx.db.transaction(async (tx) => {
      if (!(await findUserIdByAccount(tx, app.id, 'email', body.email))) await addLinkedAccount(tx, app.id, caller.userId, 'email', body.email, ctx.clock.now())
    })
    return c.json(await loadUserDto(ctx.db, app.id, caller.userId))
  })

  routes.post('/unlink', async (c) => {
    const app = c.var.app
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    await ctx.db.transaction(async (tx) => {
      if ((await findUserIdByAccount(tx, app.id, 'email', body.address)) !== caller.userId) {
        throw new ApiError(404, 'linked_account_not_found', 'This email is not linked to the user')
      }
      if ((await countLinkedAccounts(tx, caller.userId)) <= 1) {
        throw new ApiError(400, 'cannot_unlink_sole_account', 'Cannot unlink the only account of a user')
      }
      await removeLinkedAccount(tx, app.id, 'email', body.address)
    })
    return c.json(await loadUserDto(ctx.db, app.id, caller.userId))
  })

  routes.post('/update', async (c) => {
    const app = c.var.app
    assertEmailLoginEnabled(app)
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, updateBody)
    if ((await findUserIdByAccount(ctx.db, app.id, 'email', body.oldAddress)) !== caller.userId) {
      throw new ApiError(404, 'linked_account_not_found', 'The current email is not linked to the user')
    }
    await assertAddressFree(ctx, app.id, body.newAddress, caller.userId)
    if (!(await consumeCode(ctx, { appId: app.id, identifier: body.newAddress, purpose: `link:${caller.userId}` }, body.code))) throw invalidCode()
    await replaceLinkedAccountAddress(ctx.db, app.id, 'email', body.oldAddress, body.newAddress, ctx.clock.now())
    return c.json(await loadUserDto(ctx.db, app.id, caller.userId))
  })

  return routes
}

/** An address another user holds cannot be linked here (a plain 400: business conflicts never use 409). */
async function assertAddressFree(ctx: ServerContext, appId: string, email: string, userId: string): Promise<void> {
  const owner = await findUserIdByAccount(ctx.db, appId, 'email', email)
  if (owner !== null && owner !== userId) throw new ApiError(400, 'linked_to_another_user', 'This email is linked to another user')
}
