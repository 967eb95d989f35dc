/**
 * The MFA events (wallet spec, "The calls it makes"): verification of the user's answer, enrolment and removal of methods. The server
 * checks every code; the frame keeps the MFA token a verification answers (in its API, never posted to the host) and
 * answers only what the host must show: a TOTP secret and its otpauth URL, and the user after a change.
 */
import type { FrameResponseData, MfaInitEnrollmentData, MfaSubmission, MfaSubmitEnrollmentData, MfaUnenrollData } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import type { FrameContext } from './context.js'
import { requireAccessToken, requireText } from './validate.js'

const invalid = (what: string) => new FrameError('invalid_request_arguments', `Invalid ${what}`)
/** Codes are the server's to judge; this only bounds what is forwarded. */
const requireCode = (value: unknown) => requireText(value, 'code', 64)
const requirePhoneNumber = (value: unknown) => requireText(value, 'phoneNumber', 64)

function requireSubmission(value: unknown): MfaSubmission {
  const submission = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  if (submission.method === 'totp' || submission.method === 'sms') return { method: submission.method, code: requireCode(submission.code) }
  if (submission.method === 'passkey') {
    const response = submission.authenticatorResponse
    if (typeof response !== 'object' || response === null || Array.isArray(response)) throw invalid('authenticatorResponse')
    const relyingParty = submission.relyingParty === undefined ? undefined : requireText(submission.relyingParty, 'relyingParty', 300)
    return { method: 'passkey', authenticatorResponse: response as Record<string, unknown>, ...(relyingParty ? { relyingParty } : {}) }
  }
  throw invalid('MFA method')
}

/** Runs before every handler whose request carries `mfa`: the operation then goes on with a fresh MFA token. */
export async function verifyMfaFirst(context: FrameContext, data: { accessToken?: unknown; mfa?: unknown }): Promise<void> {
  if (data.mfa === undefined) return
  await context.api.verifyMfa(requireAccessToken(data.accessToken), requireSubmission(data.mfa))
}

/** `mfa:verify`: the explicit verification; its answer was checked by `verifyMfaFirst`, so only its presence is left. */
export async function verifyMfa(_context: FrameContext, data: { mfa?: unknown }): Promise<FrameResponseData['mfa:verify']> {
  if (data.mfa === undefined) throw invalid('MFA submission')
  return {}
}

export async function initMfaEnrollment(context: FrameContext, data: MfaInitEnrollmentData): Promise<FrameResponseData['mfa:init-enrollment']> {
  const accessToken = requireAccessToken(data.accessToken)
  if (data.method === 'totp') {
    const { totpSecret, totpAuthUrl } = await context.api.initTotpEnrollment(accessToken)
    return { method: 'totp', totpSecret, totpAuthUrl }
  }
  if (data.method === 'sms') {
    await context.api.initSms(accessToken, { action: 'enroll', phoneNumber: requirePhoneNumber(data.phoneNumber) })
    return { method: 'sms' }
  }
  throw invalid('MFA method')
}

export async function submitMfaEnrollment(context: FrameContext, data: MfaSubmitEnrollmentData): Promise<FrameResponseData['mfa:submit-enrollment']> {
  const accessToken = requireAccessToken(data.accessToken)
  if (data.method === 'totp') return { user: (await context.api.enrollTotp(accessToken, { code: requireCode(data.code) })).user }
  if (data.method === 'sms') {
    return { user: (await context.api.enrollSms(accessToken, { code: requireCode(data.code), phoneNumber: requirePhoneNumber(data.phoneNumber) })).user }
  }
  if (data.method === 'passkey') {
    const ids = data.credentialIds
    if (!Array.isArray(ids) || ids.length > 20) throw invalid('credentialIds')
    const credentialIds = ids.map((id) => requireText(id, 'credentialIds', 1024))
    return {
      user: (
        await context.api.enrollPasskeys(accessToken, { credential_ids: credentialIds, ...(data.removeForLogin === true ? { remove_for_login: true } : {}) })
      ).user,
    }
  }
  throw invalid('MFA method')
}

export async function unenrollMfa(context: FrameContext, data: MfaUnenrollData): Promise<FrameResponseData['mfa:unenroll']> {
  const accessToken = requireAccessToken(data.accessToken)
  // Passkeys stay linked for sign-in; an empty factor list only ends their MFA role.
  if (data.method === 'passkey') return { user: (await context.api.enrollPasskeys(accessToken, { credential_ids: [] })).user }
  if (data.method === 'sms' || data.method === 'totp') return { user: (await context.api.unenrollMfa(accessToken, data.method)).user }
  throw invalid('MFA method')
}

export async function clearMfa(context: FrameContext): Promise<FrameResponseData['mfa:clear']> {
  context.api.clearMfa()
  return {}
}
