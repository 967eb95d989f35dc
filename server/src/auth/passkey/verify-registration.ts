import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { consumeChallenge, type ChallengePurpose } from './challenge-store.js'
import { checkClientData, invalidPasskey } from './client-data.js'
import { passkeyAccount } from './passkey-account.js'
import { relyingPartyId } from './relying-party.js'
import { createdWith } from './user-agent.js'

/**
 * Verifies a new credential (attestation) against a challenge issued for `purpose` (and, for a link,
 * for `userId`), and returns it as a passkey account with its COSE public key and counter.
 */
export async function verifyPasskeyRegistration(
  ctx: ServerContext,
  app: AppRecord,
  response: RegistrationResponseJSON,
  purpose: ChallengePurpose,
  userId: string | null,
  userAgent: string | undefined,
): Promise<VerifiedAccount> {
  const clientData = checkClientData(app, response.response.clientDataJSON)
  await consumeChallenge(ctx, app.id, clientData.challenge, purpose, userId)
  const rpId = relyingPartyId(app, clientData.origin)
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: clientData.challenge,
      expectedOrigin: clientData.origin,
      expectedRPID: rpId,
      expectedType: 'webauthn.create',
      requireUserPresence: true,
      requireUserVerification: app.passkeyRequireUserVerification,
    })
  } catch {
    throw invalidPasskey()
  }
  if (!verification.verified) throw invalidPasskey()
  const { credential } = verification.registrationInfo
  return passkeyAccount(credential.id, {
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    sign_count: credential.counter,
    enrolled_in_mfa: false,
    authenticator_name: null,
    ...createdWith(userAgent),
  })
}
