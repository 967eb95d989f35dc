import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { z } from 'zod'
import { checkClientData } from '../../auth/passkey/client-data.js'
import { issueChallenge } from '../../auth/passkey/challenge-store.js'
import { requestOptions } from '../../auth/passkey/options.js'
import { relyingPartyId } from '../../auth/passkey/relying-party.js'
import { authenticationAnswer } from '../../auth/passkey/answers.js'
import { verifyPasskeyAssertion } from '../../auth/passkey/verify-authentication.js'
import { lockUser } from '../../auth/shared/lock-user.js'
import type { ServerContext } from '../../context.js'
import { ApiError, invalidData } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { removeMfaFactor, saveMfaFactor } from '../factor-store.js'
import { checkMfaAnswer, invalidMfaCode } from '../failure-counter.js'
import { assertFreshMfa, requireMfaCaller } from '../require-fresh-mfa.js'
import { assertMethodAllowed, endOtherSessions, notEnrolled, requireVerifier, userResponse, verifiedResponse } from './factor-change.js'

// `relying_party` and `remove_for_login` are accepted from the reference clients and not used: the RP ID comes from
// the app setting or the caller's Origin as at sign-in, and enrolling a passkey in MFA leaves it a login method.
const passkeyInitBody = z.object({ relying_party: safeString(253).nullish() })
const passkeyVerifyBody = z.object({ authenticator_response: authenticationAnswer, relying_party: safeString(253).nullish() })
const credentialId = safeString(1024).regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
const passkeyEnrollmentBody = z.object({ credential_ids: z.array(credentialId).max(100), remove_for_login: z.boolean().optional() })

/** Credential ids of the user's passkeys enrolled in MFA. */
async function mfaPasskeys(ctx: ServerContext, userId: string): Promise<string[]> {
  const rows = await ctx.db.query<{ address: string }>(
    "SELECT address FROM linked_accounts WHERE user_id = $1 AND type = 'passkey' AND (details->>'enrolled_in_mfa')::boolean ORDER BY id",
    [userId],
  )
  return rows.map((row) => row.address)
}

/** `POST /passkeys/init`: request options allowing only the passkeys enrolled in MFA. */
export async function initPasskeyCheck(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireMfaCaller(ctx, c)
  await readBody(c, passkeyInitBody)
  const enrolled = await mfaPasskeys(ctx, caller.userId)
  if (enrolled.length === 0) throw notEnrolled('passkey')
  const rpId = relyingPartyId(c.var.app, c.req.header('origin'))
  const challenge = await issueChallenge(ctx, c.var.app.id, 'mfa', caller.userId)
  return c.json({ options: await requestOptions(c.var.app, rpId, challenge, { allow: enrolled }) })
}

/** `POST /passkeys/verify`: an assertion by an enrolled passkey earns an MFA token; a refused one counts as a wrong answer. */
export async function verifyPasskey(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireVerifier(ctx, c)
  const body = await readBody(c, passkeyVerifyBody)
  const response = body.authenticator_response as AuthenticationResponseJSON
  await checkMfaAnswer(
    ctx,
    caller.userId,
    async () => {
      try {
        const { challenge } = checkClientData(c.var.app, response.response.clientDataJSON)
        await verifyPasskeyAssertion(ctx, c.var.app, challenge, response, { userId: caller.userId })
        return true
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error
        return null
      }
    },
    invalidMfaCode('The passkey could not be verified'),
  )
  return c.json(await verifiedResponse(ctx, c, caller))
}

/** `POST /passkeys/enrollment`: the caller's passkeys enrolled in MFA become exactly `credential_ids`. */
export async function setPasskeyEnrollment(ctx: ServerContext, c: Context<AppEnv>) {
  const caller = await requireMfaCaller(ctx, c)
  const body = await readBody(c, passkeyEnrollmentBody)
  if (body.credential_ids.length > 0) assertMethodAllowed(c.var.app, 'passkey')
  await assertFreshMfa(ctx, ctx.db, c.var.app.id, caller)
  const wanted = [...new Set(body.credential_ids)]
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, caller.userId)
    const owned = new Set(
      (await tx.query<{ address: string }>("SELECT address FROM linked_accounts WHERE user_id = $1 AND type = 'passkey'", [caller.userId])).map(
        (row) => row.address,
      ),
    )
    if (wanted.some((id) => !owned.has(id))) throw invalidData('Only passkeys linked to this account can be enrolled in MFA')
    await tx.query(
      `UPDATE linked_accounts SET details = details || jsonb_build_object('enrolled_in_mfa', address = ANY($2::text[]))
       WHERE user_id = $1 AND type = 'passkey'`,
      [caller.userId, wanted],
    )
    if (wanted.length > 0) await saveMfaFactor(tx, c.var.app.id, caller.userId, 'passkey', {}, ctx.clock.now())
    else await removeMfaFactor(tx, caller.userId, 'passkey')
    await endOtherSessions(ctx, tx, c, caller)
  })
  return c.json(await userResponse(ctx, c, caller))
}
