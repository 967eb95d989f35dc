import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { MfaMethod, MfaUserResponse, MfaVerifyResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { checkClientData } from '../auth/passkeys/client-data.js'
import { issueChallenge } from '../auth/passkeys/challenge-store.js'
import { requestOptions } from '../auth/passkeys/options.js'
import { relyingPartyId } from '../auth/passkeys/relying-party.js'
import { authenticationAnswer } from '../auth/passkeys/routes.js'
import { verifyPasskeyAssertion } from '../auth/passkeys/verify-authentication.js'
import { lockUser } from '../auth/shared/lock-user.js'
import { phoneNumber } from '../auth/sms/phone-number.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { ApiError, invalidData, invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { safeString } from '../http/schemas.js'
import { revokeOtherSessions } from '../sessions/store.js'
import { loadUserDto } from '../users/user-dto.js'
import { findMfaFactor, removeMfaFactor, saveMfaFactor, spendTotpStep } from './factor-store.js'
import { assertMfaNotLocked, checkMfaAnswer, invalidMfaCode } from './failure-counter.js'
import { signMfaToken } from './mfa-token.js'
import { assertFreshMfa, requireMfaCaller, type MfaCaller } from './require-fresh-mfa.js'
import { consumeMfaSmsCode } from './sms-code-store.js'
import { assertNotLoginPhone, sendMfaSmsCode } from './sms-mfa.js'
import { matchTotpStep } from './totp.js'
import { startTotpEnrolment } from './totp-enrolment.js'
import { openTotpSecret } from './totp-secret-seal.js'

const code = z.string().regex(/^\d{6}$/, 'must be a 6-digit code')
/** Init and unenrol carry no fields; still a JSON object (or nothing). */
const emptyBody = z.object({})
const codeBody = z.object({ code })
const smsInitBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify') }),
  z.object({ action: z.literal('enroll'), phoneNumber }),
])
const smsEnrollBody = z.object({ code, phoneNumber })
// `relying_party` and `remove_for_login` are accepted from the reference clients and not used: the RP ID comes from
// the app setting or the caller's Origin as at sign-in, and enrolling a passkey in MFA leaves it a login method.
const passkeyInitBody = z.object({ relying_party: safeString(253).nullish() })
const passkeyVerifyBody = z.object({ authenticator_response: authenticationAnswer, relying_party: safeString(253).nullish() })
const credentialId = safeString(1024).regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
const passkeyEnrollmentBody = z.object({ credential_ids: z.array(credentialId).max(100), remove_for_login: z.boolean().optional() })

const expiredCode = () => new ApiError(400, 'expired_or_invalid_mfa_token', 'The code has expired or was already used, request a new one')
const notEnrolled = (method: string) => invalidData(`No ${method} is enrolled for MFA`)
/** An SMS code's outcome as an MFA answer (null: wrong); an expired code is refused as such, not counted as a guess. */
function smsCodeAnswer(outcome: 'ok' | 'wrong' | 'expired'): true | null {
  if (outcome === 'expired') throw expiredCode()
  return outcome === 'ok' ? true : null
}

/** Document 2 §2: the app's `mfa_methods` name the factors its users may enrol. */
function assertMethodAllowed(app: AppRecord, method: MfaMethod): void {
  if (!app.mfaMethods.includes(method)) throw new ApiError(400, 'feature_not_enabled', `MFA with ${method} is not enabled for this app`)
}

/**
 * `POST /api/v1/mfa/*` (src/protocol/mfa.ts), each behind the access token. A `verify` answers an MFA token bound to
 * this session; wrong answers count toward the user's lockout across factors (SECURITY 50). Changing factors needs a
 * fresh MFA token once the user has any (SECURITY 49).
 */
export function mfaApiRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  const userResponse = async (c: Context<AppEnv>, caller: MfaCaller): Promise<MfaUserResponse> => {
    const user = await loadUserDto(ctx.db, c.var.app.id, caller.userId)
    if (!user) throw invalidToken()
    return { user }
  }
  const verified = async (c: Context<AppEnv>, caller: MfaCaller): Promise<MfaVerifyResponse> => ({ token: await signMfaToken(ctx, c.var.app.id, caller) })
  /** The caller of a verification, unless wrong answers have locked them out. */
  const verifier = async (c: Context<AppEnv>) => {
    const caller = await requireMfaCaller(ctx, c)
    await assertMfaNotLocked(ctx, caller.userId)
    return caller
  }
  /** The caller of a factor change: a fresh MFA token once they have any factor. */
  const changer = async (c: Context<AppEnv>) => {
    const caller = await requireMfaCaller(ctx, c)
    await assertFreshMfa(ctx, ctx.db, c.var.app.id, caller)
    return caller
  }

  /** A factor change ends the user's other sessions: one a thief holds must not outlive the owner's new MFA (SECURITY 35). */
  const endOtherSessions = (db: Queryable, c: Context<AppEnv>, caller: MfaCaller) =>
    revokeOtherSessions(db, { userId: caller.userId, appId: c.var.app.id, keepSessionId: caller.sessionId, now: ctx.clock.now() })

  /** Removes the caller's factor of `type` (verified first: `changer`). */
  const unenroll = (type: 'totp' | 'sms') => async (c: Context<AppEnv>) => {
    const caller = await changer(c)
    await readBody(c, emptyBody)
    await removeMfaFactor(ctx.db, caller.userId, type)
    await endOtherSessions(ctx.db, c, caller)
    return c.json(await userResponse(c, caller))
  }

  routes.post('/totp/init', async (c) => {
    assertMethodAllowed(c.var.app, 'totp')
    const caller = await requireMfaCaller(ctx, c)
    await readBody(c, emptyBody)
    return c.json(await startTotpEnrolment(ctx, c.var.app, caller.userId))
  })

  routes.post('/totp/enroll', async (c) => {
    assertMethodAllowed(c.var.app, 'totp')
    const caller = await changer(c)
    await assertMfaNotLocked(ctx, caller.userId)
    const body = await readBody(c, codeBody)
    const [pending] = await ctx.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM mfa_pending_totp WHERE user_id = $1 AND expires_at > $2', [caller.userId, ctx.clock.now()])
    if (!pending) throw expiredCode()
    const step = await checkMfaAnswer(ctx, caller.userId, () => matchTotpStep(openTotpSecret(ctx.secret, caller.userId, pending.secret_sealed), body.code, ctx.clock.now()))
    await ctx.db.transaction(async (tx) => {
      await saveMfaFactor(tx, c.var.app.id, caller.userId, 'totp', { totpSecretSealed: pending.secret_sealed, totpLastStep: step }, ctx.clock.now())
      await tx.query('DELETE FROM mfa_pending_totp WHERE user_id = $1', [caller.userId])
      await endOtherSessions(tx, c, caller)
    })
    return c.json(await userResponse(c, caller))
  })

  routes.post('/totp/verify', async (c) => {
    const caller = await verifier(c)
    const body = await readBody(c, codeBody)
    const factor = await findMfaFactor(ctx.db, caller.userId, 'totp')
    const secretSealed = factor?.totp_secret_sealed
    if (!secretSealed) throw notEnrolled('authenticator app')
    // A code already used (or one of an earlier step) is refused like a wrong one (SECURITY 50).
    await checkMfaAnswer(ctx, caller.userId, async () => {
      const step = matchTotpStep(openTotpSecret(ctx.secret, caller.userId, secretSealed), body.code, ctx.clock.now())
      return step !== null && (await spendTotpStep(ctx.db, caller.userId, step)) ? step : null
    })
    return c.json(await verified(c, caller))
  })

  routes.post('/totp/unenroll', unenroll('totp'))

  routes.post('/passwordless_sms/init', async (c) => {
    const caller = await requireMfaCaller(ctx, c)
    const body = await readBody(c, smsInitBody)
    if (body.action === 'enroll') {
      assertMethodAllowed(c.var.app, 'sms')
      await assertNotLoginPhone(ctx.db, caller.userId, body.phoneNumber)
      await sendMfaSmsCode(ctx, c.var.app, caller.userId, 'enroll', body.phoneNumber)
    } else {
      const factor = await findMfaFactor(ctx.db, caller.userId, 'sms')
      if (!factor?.phone_number) throw notEnrolled('phone number')
      await sendMfaSmsCode(ctx, c.var.app, caller.userId, 'verify', factor.phone_number)
    }
    return c.json({ success: true })
  })

  routes.post('/passwordless_sms/enroll', async (c) => {
    assertMethodAllowed(c.var.app, 'sms')
    const caller = await changer(c)
    await assertMfaNotLocked(ctx, caller.userId)
    const body = await readBody(c, smsEnrollBody)
    await assertNotLoginPhone(ctx.db, caller.userId, body.phoneNumber)
    await checkMfaAnswer(ctx, caller.userId, async () => smsCodeAnswer(await consumeMfaSmsCode(ctx, caller.userId, 'enroll', body.phoneNumber, body.code)))
    await saveMfaFactor(ctx.db, c.var.app.id, caller.userId, 'sms', { phoneNumber: body.phoneNumber }, ctx.clock.now())
    await endOtherSessions(ctx.db, c, caller)
    return c.json(await userResponse(c, caller))
  })

  routes.post('/passwordless_sms/verify', async (c) => {
    const caller = await verifier(c)
    const body = await readBody(c, codeBody)
    const factor = await findMfaFactor(ctx.db, caller.userId, 'sms')
    const phoneNumber = factor?.phone_number
    if (!phoneNumber) throw notEnrolled('phone number')
    await checkMfaAnswer(ctx, caller.userId, async () => smsCodeAnswer(await consumeMfaSmsCode(ctx, caller.userId, 'verify', phoneNumber, body.code)))
    return c.json(await verified(c, caller))
  })

  routes.post('/passwordless_sms/unenroll', unenroll('sms'))

  routes.post('/passkeys/init', async (c) => {
    const caller = await requireMfaCaller(ctx, c)
    await readBody(c, passkeyInitBody)
    const enrolled = await mfaPasskeys(ctx, caller.userId)
    if (enrolled.length === 0) throw notEnrolled('passkey')
    const rpId = relyingPartyId(c.var.app, c.req.header('origin'))
    const challenge = await issueChallenge(ctx, c.var.app.id, 'mfa', caller.userId)
    return c.json({ options: await requestOptions(c.var.app, rpId, challenge, { allow: enrolled }) })
  })

  routes.post('/passkeys/verify', async (c) => {
    const caller = await verifier(c)
    const body = await readBody(c, passkeyVerifyBody)
    const response = body.authenticator_response as AuthenticationResponseJSON
    await checkMfaAnswer(ctx, caller.userId, async () => {
      try {
        const { challenge } = checkClientData(c.var.app, response.response.clientDataJSON)
        await verifyPasskeyAssertion(ctx, c.var.app, challenge, response, { userId: caller.userId })
        return true
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error
        return null
      }
    }, invalidMfaCode('The passkey could not be verified'))
    return c.json(await verified(c, caller))
  })

  routes.post('/passkeys/enrollment', async (c) => {
    const caller = await requireMfaCaller(ctx, c)
    const body = await readBody(c, passkeyEnrollmentBody)
    if (body.credential_ids.length > 0) assertMethodAllowed(c.var.app, 'passkey')
    await assertFreshMfa(ctx, ctx.db, c.var.app.id, caller)
    const wanted = [...new Set(body.credential_ids)]
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, caller.userId)
      const owned = new Set((await tx.query<{ address: string }>("SELECT address FROM linked_accounts WHERE user_id = $1 AND type = 'passkey'", [caller.userId])).map((row) => row.address))
      if (wanted.some((id) => !owned.has(id))) throw invalidData('Only passkeys linked to this account can be enrolled in MFA')
      await tx.query(
        `UPDATE linked_accounts SET details = details || jsonb_build_object('enrolled_in_mfa', address = ANY($2::text[]))
         WHERE user_id = $1 AND type = 'passkey'`,
        [caller.userId, wanted],
      )
      if (wanted.length > 0) await saveMfaFactor(tx, c.var.app.id, caller.userId, 'passkey', {}, ctx.clock.now())
      else await removeMfaFactor(tx, caller.userId, 'passkey')
      await endOtherSessions(tx, c, caller)
    })
    return c.json(await userResponse(c, caller))
  })

  return routes
}

/** Credential ids of the user's passkeys enrolled in MFA. */
async function mfaPasskeys(ctx: ServerContext, userId: string): Promise<string[]> {
  const rows = await ctx.db.query<{ address: string }>(
    "SELECT address FROM linked_accounts WHERE user_id = $1 AND type = 'passkey' AND (details->>'enrolled_in_mfa')::boolean ORDER BY id",
    [userId],
  )
  return rows.map((row) => row.address)
}
