import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import type { AppRecord } from '../../apps/types.js'
import { PASSKEY_CHALLENGE_TTL_SECONDS } from './challenge-store.js'

const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, 'base64url'))
const userVerification = (app: AppRecord) => (app.passkeyRequireUserVerification ? 'required' : 'preferred')

/** `navigator.credentials.create()` options for a discoverable passkey; `exclude` keeps a user from registering one credential twice. */
export function creationOptions(app: AppRecord, rpId: string, challenge: string, user: { id: string; name: string }, exclude: string[] = []): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
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
}

/** `navigator.credentials.get()` options: no allow list, the authenticator offers the app's discoverable passkeys. */
export function requestOptions(app: AppRecord, rpId: string, challenge: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rpId,
    challenge: challengeBytes(challenge),
    timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    userVerification: userVerification(app),
  })
}
