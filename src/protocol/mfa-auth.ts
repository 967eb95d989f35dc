/**
 * Sign-in MFA (issue 16; the reference's `mfa_auth/totp/*` paths and bodies, public-api 2.45): a user who enrolled an
 * authenticator app for sign-in gets no session from the first factor. That sign-in answers
 * `LoginMfaRequiredResponse` (200, no token of any kind), and `totpVerify` with the code and its `login_mfa_token`
 * then issues the session (`AuthenticatedUserDto`). Signed in, `totpVerify` with only the code (the reference's call)
 * answers `{ success: true }` and lets that session change its sign-in factor for MFA_TOKEN_TTL_SECONDS.
 * Distinct from wallet-action MFA (mfa.ts): its own factor, its own routes.
 */
import type { AuthenticatedUserDto, SuccessDto, UserDto } from './dto.js'
import type { MfaCodeBody, MfaTotpInitResponse } from './mfa.js'
import { post, type EmptyDto } from './routes/route.js'

const TOTP_VERIFY_PATH = '/api/v1/mfa_auth/totp/verify'

export const mfaAuthRoutes = {
  totpInit: post<EmptyDto, MfaTotpInitResponse>('/api/v1/mfa_auth/totp/init'),
  totpEnroll: post<MfaCodeBody, UserDto>('/api/v1/mfa_auth/totp/enroll'),
  /** Signed in: the check that lets the session change its sign-in factor. */
  totpVerify: post<MfaCodeBody, SuccessDto>(TOTP_VERIFY_PATH),
  /** The second factor of a pending sign-in: the same path with its `login_mfa_token`, answered with the session. */
  totpLoginVerify: post<Required<LoginMfaVerifyBody>, AuthenticatedUserDto>(TOTP_VERIFY_PATH),
  totpUnenroll: post<EmptyDto, UserDto>('/api/v1/mfa_auth/totp/unenroll'),
} as const

/** Sign-in MFA factors this server offers (the reference's passkey routes are not served yet). */
export type LoginMfaMethod = 'totp'

/** What a first-factor sign-in answers when the user must pass a second factor; `login_mfa_token` is single use. */
export interface LoginMfaRequiredResponse {
  mfa_required: true
  mfa_methods: LoginMfaMethod[]
  login_mfa_token: string
}

/** The second factor of a pending sign-in (with `login_mfa_token`), or a signed-in user's check (without). */
export interface LoginMfaVerifyBody {
  code: string
  login_mfa_token?: string
}

/** How long a pending sign-in waits for its second factor. */
export const LOGIN_MFA_TOKEN_TTL_SECONDS = 10 * 60
