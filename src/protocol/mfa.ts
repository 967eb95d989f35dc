/**
 * Wallet-action MFA (wallet spec, "Screens and routes", "States and transitions" and "The error catalogue"; docs/security.md #49–#52): the reference's `mfa/*` paths and bodies.
 * A verification answers an MFA token bound to the user and the session that verified (≤ 15 min); the wallet frame
 * keeps it and sends it with every gated share call in `MFA_TOKEN_HEADER`. Without a fresh one, a user enrolled in
 * MFA gets 403 `mfa_required` on sign, send, export, recover, set password and MFA changes.
 * Kept out of routes.ts so the landing bundle never carries it.
 */
import { post, type EmptyDto } from './routes/route.js'
import type { SuccessDto, UserDto } from './dto.js'

export const mfaRoutes = {
  smsInit: post<MfaSmsInitBody, SuccessDto>('/api/v1/mfa/passwordless_sms/init'),
  smsVerify: post<MfaCodeBody, MfaVerifyResponse>('/api/v1/mfa/passwordless_sms/verify'),
  smsEnroll: post<MfaSmsEnrollBody, MfaUserResponse>('/api/v1/mfa/passwordless_sms/enroll'),
  smsUnenroll: post<EmptyDto, MfaUserResponse>('/api/v1/mfa/passwordless_sms/unenroll'),
  totpInit: post<EmptyDto, MfaTotpInitResponse>('/api/v1/mfa/totp/init'),
  totpVerify: post<MfaCodeBody, MfaVerifyResponse>('/api/v1/mfa/totp/verify'),
  totpEnroll: post<MfaCodeBody, MfaUserResponse>('/api/v1/mfa/totp/enroll'),
  totpUnenroll: post<EmptyDto, MfaUserResponse>('/api/v1/mfa/totp/unenroll'),
  passkeyInit: post<MfaPasskeyInitBody, MfaPasskeyInitResponse>('/api/v1/mfa/passkeys/init'),
  passkeyVerify: post<MfaPasskeyVerifyBody, MfaVerifyResponse>('/api/v1/mfa/passkeys/verify'),
  passkeyEnrollment: post<MfaPasskeyEnrollmentBody, MfaUserResponse>('/api/v1/mfa/passkeys/enrollment'),
} as const

/** The header the wallet frame sends the MFA token in (Tessera's own: only the frame and the server speak it). */
export const MFA_TOKEN_HEADER = 'privy-mfa-token'
/** How long one verification unlocks gated actions in the session that verified (docs/security.md #49). */
export const MFA_TOKEN_TTL_SECONDS = 15 * 60

export type MfaMethod = 'sms' | 'totp' | 'passkey'

/** `verify` sends a code to the user's enrolled MFA phone; `enroll` to a new phone (never the user's login phone). */
export type MfaSmsInitBody = { action: 'verify' } | { action: 'enroll'; phoneNumber: string }
export interface MfaSmsEnrollBody {
  code: string
  phoneNumber: string
}
export interface MfaCodeBody {
  code: string
}
export interface MfaTotpInitResponse {
  totpSecret: string
  totpAuthUrl: string
}
export interface MfaPasskeyInitBody {
  relying_party?: string
}
/** `options`: WebAuthn request options in the wire's snake_case (passkey-wire.ts). */
export interface MfaPasskeyInitResponse {
  options: Record<string, unknown>
}
/** `authenticator_response`: the assertion in the wire's snake_case (wallet spec, "Entities and their fields": "Passkey assertion payload"). */
export interface MfaPasskeyVerifyBody {
  authenticator_response: Record<string, unknown>
  relying_party?: string
}
/** Marks the user's linked passkeys `credential_ids` as MFA factors (an empty list removes passkey MFA). */
export interface MfaPasskeyEnrollmentBody {
  credential_ids: string[]
  remove_for_login?: boolean
}
/** Every `verify` answers this. */
export interface MfaVerifyResponse {
  token: string
}
/** Every `enroll`, `unenroll` and `enrollment` answers the user with its new `mfa_methods`. */
export interface MfaUserResponse {
  user: UserDto
}

/** Wallet spec, "Business constants and limits": tries of one gated operation, the wait for each code, and the whole verification's limit. */
export const MFA_ATTEMPTS = 4
export const MFA_CODE_WAIT_MS = 300_000
export const MFA_OVERALL_LIMIT_MS = 1_260_000
