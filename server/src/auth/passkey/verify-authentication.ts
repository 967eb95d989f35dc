import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { consumeChallenge } from './challenge-store.js'
import { checkClientData, invalidPasskey } from './client-data.js'
import { passkeyAccount, type PasskeyDetails } from './passkey-account.js'
import { relyingPartyId } from './relying-party.js'

/** MFA: the challenge was issued to this user, and the passkey must be one of their MFA passkeys, user-verified (docs/security.md #20, #51). */
export interface MfaAssertion {
  userId: string
}

/**
 * Verifies an assertion by a stored passkey against a challenge issued for sign-in (or for `mfa`), then records the
 * presented counter. A counter that does not grow (unless both are zero) is a cloned authenticator: rejected (docs/security.md #21).
 */
export async function verifyPasskeyAssertion(
  ctx: ServerContext,
  app: AppRecord,
  challenge: string,
  response: AuthenticationResponseJSON,
  mfa?: MfaAssertion,
): Promise<VerifiedAccount> {
  const clientData = checkClientData(app, response.response.clientDataJSON)
  if (clientData.challenge !== challenge) throw invalidPasskey()
  await consumeChallenge(ctx, app.id, challenge, mfa ? 'mfa' : 'authenticate', mfa?.userId ?? null)
  const [stored] = await ctx.db.query<{ user_id: string; details: PasskeyDetails }>(
    "SELECT user_id, details FROM linked_accounts WHERE app_id = $1 AND type = 'passkey' AND address = $2",
    [app.id, response.id],
  )
  if (!stored || (mfa && (stored.user_id !== mfa.userId || !stored.details.enrolled_in_mfa))) throw invalidPasskey('Unknown passkey')
  const storedCount = stored.details.sign_count
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: clientData.origin,
      expectedRPID: relyingPartyId(app, clientData.origin),
      expectedType: 'webauthn.get',
      ...(clientData.topOrigin ? { expectedTopOrigin: clientData.topOrigin } : {}),
      credential: { id: response.id, publicKey: new Uint8Array(Buffer.from(stored.details.public_key, 'base64url')), counter: storedCount },
      requireUserVerification: mfa !== undefined || app.passkeyRequireUserVerification,
    })
  } catch {
    throw invalidPasskey()
  }
  if (!verification.verified) throw invalidPasskey()
  // Compare-and-set: of two assertions racing past the check above, only one moves the counter.
  const updated = await ctx.db.query(
    `UPDATE linked_accounts SET details = details || jsonb_build_object('sign_count', $4::bigint)
     WHERE app_id = $1 AND type = 'passkey' AND address = $2 AND (details->>'sign_count')::bigint = $3 RETURNING address`,
    [app.id, response.id, storedCount, verification.authenticationInfo.newCounter],
  )
  if (updated.length === 0) throw invalidPasskey()
  return passkeyAccount(response.id)
}
