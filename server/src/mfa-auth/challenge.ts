import type { LoginMfaRequiredResponse } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'
import { createLoginMfaChallenge, findLoginTotp } from './store.js'

/**
 * A first factor passed by a user who must pass a second: no session. Thrown out of the sign-in (so no route goes on
 * as if one existed) and answered as 200 `LoginMfaRequiredResponse` by the app's error handler.
 */
export class LoginMfaRequired extends Error {
  constructor(readonly body: LoginMfaRequiredResponse) {
    super('A second factor is required to sign in')
    this.name = 'LoginMfaRequired'
  }
}

/** A returning user with a sign-in authenticator app gets a pending sign-in instead of a session (docs/security.md #52). */
export async function loginMfaChallengeFor(db: Queryable, appId: string, userId: string, now: number): Promise<LoginMfaRequiredResponse | null> {
  if (!(await findLoginTotp(db, userId))) return null
  return loginMfaChallenge(db, appId, userId, now)
}

/** The pending sign-in of a user known to have a sign-in authenticator app. */
export async function loginMfaChallenge(db: Queryable, appId: string, userId: string, now: number): Promise<LoginMfaRequiredResponse> {
  return { mfa_required: true, mfa_methods: ['totp'], login_mfa_token: await createLoginMfaChallenge(db, appId, userId, now) }
}
