/**
 * Sign-in MFA (issue 16; the reference's `mfa_auth/totp/*` paths and bodies, public-api 2.45): a user who enrolled an
 * authenticator app for sign-in gets no session from the first factor. That sign-in answers
 * `LoginMfaRequiredResponse` (200, no token of any kind), and `totpVerify` with the code and its `login_mfa_token`
 * then issues the session (`AuthenticatedUserDto`). Signed in, `totpVerify` with only the code (the reference's call)
 * answers `{ success: true }` and lets that session change its sign-in factor for MFA_TOKEN_TTL_SECONDS.
 * Distinct from wallet-action MFA (mfa.ts): its own factor, its own routes.
 */
import { post } from './routes/route.js'

export const mfaAuthRoutes = {
  totpInit: post('/api/v1/mfa_auth/totp/init'),
  totpEnroll: post('/api/v1/mfa_auth/totp/enroll'),
  totpVerify: post('/api/v1/mfa_auth/totp/verify'),
  totpUnenroll: post('/api/v1/mfa_auth/totp/unenroll'),
} as const

/** Sign-in MFA factors this server offers (the reference's passkey routes are not served yet). */
export type LoginMfaMethod = 'totp'

/** What a first-factor sign-in answers when the user must pass a second factor; `login_mfa_token` is single use. */
export interface LoginMfaRequiredResponse { mfa_required: true; mfa_methods: LoginMfaMethod[]; login_mfa_token: string }

/** The second factor of a pending sign-in (with `login_mfa_token`), or a signed-in user's check (without). */
export interface LoginMfaVerifyBody { code: string; login_mfa_token?: string }

/** How long a pending sign-in waits for its second factor. */
export const LOGIN_MFA_TOKEN_TTL_SECONDS = 10 * 60
