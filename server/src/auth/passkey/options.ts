import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import { toPasskeyWire } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { PASSKEY_CHALLENGE_TTL_SECONDS } from './challenge-store.js'

const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'))
const userVerification = (app: AppRecord) => (app.passkeyRequireUserVerification ? 'required' : 'preferred')

/** `navigator.credentials.create()` options for a discoverable passkey, in the wire's snake_case; `exclude` keeps a user from registering one credential twice. */
export async function creationOptions(app: AppRecord, rpId: string, challenge: string, user: { id: string; name: string }, exclude: string[] = []) {
  const options: PublicKeyCredentialCreationOptionsJSON = await generateRegistrationOptions({
    rpName: app.name,
    rpID: rpId,
    userID: new Uint8Array(Buffer.from(user.id)),
    userName: user.name,
    challenge: challengeBytes(challenge),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: exclude.map((id) => ({ id })),
    authenticatorSelection: { residentKey: 'required', userVerification: userVerification(app) },
  })
  return toPasskeyWire(options)
}

/**
 * `navigator.credentials.get()` options, in the wire's snake_case. Sign-in: no allow list, the authenticator offers
 * the app's discoverable passkeys. MFA: only the user's MFA passkeys (`allow`), user verification required.
 */
export async function requestOptions(app: AppRecord, rpId: string, challenge: string, mfa?: { allow: string[] }) {
  const options: PublicKeyCredentialRequestOptionsJSON = await generateAuthenticationOptions({
    rpID: rpId,
    challenge: challengeBytes(challenge),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    userVerification: mfa ? 'required' : userVerification(app),
    ...(mfa ? { allowCredentials: mfa.allow.map((id) => ({ id })) } : {}),
  })
  return toPasskeyWire(options)
}
