/**
 * The share and MFA endpoints, called on the frame's own origin (the server that served it) with the message's access
 * token, and the user's MFA token when the frame holds one. Error bodies become `FrameError`s with the server's copy
 * (it never holds a secret).
 */
import {
  embeddedWalletRoutes,
  headers,
  type AddEmbeddedWalletBody,
  type AddEmbeddedWalletResponse,
  type ApiErrorCode,
  type AuthShareResponse,
  type CreateEmbeddedWalletBody,
  type CreateEmbeddedWalletResponse,
  type DelegateWalletBody,
  type DelegateWalletResponse,
  delegationRoutes,
  type ExportShareBody,
  type FrameErrorType,
  type KeyMaterialResponse,
  MFA_TOKEN_HEADER,
  mfaRoutes,
  type MfaCodeBody,
  type MfaPasskeyEnrollmentBody,
  type MfaSmsEnrollBody,
  type MfaSmsInitBody,
  type MfaSubmission,
  type MfaTotpInitResponse,
  type MfaUserResponse,
  type MfaVerifyResponse,
  type ReshareBody,
  type ReshareResponse,
  routePath,
  type Route,
  type WalletShareQueryBody,
  type UserDto,
  type UserWithIdentityTokenDto,
  usersMeRoute,
} from '../protocol/index.js'
import { FrameError } from './errors.js'
import { mfaTokenStore, type MfaTokenStore } from './mfa-token.js'

export interface FrameApi {
  create(accessToken: string, body: CreateEmbeddedWalletBody): Promise<CreateEmbeddedWalletResponse>
  add(accessToken: string, body: AddEmbeddedWalletBody): Promise<AddEmbeddedWalletResponse>
  authShare(accessToken: string, address: string, body: WalletShareQueryBody): Promise<AuthShareResponse>
  keyMaterial(accessToken: string, address: string, body: WalletShareQueryBody): Promise<KeyMaterialResponse>
  /** The export frame's auth share (a fresh sign-in, and MFA when enrolled). */
  exportShare(accessToken: string, address: string, body: ExportShareBody): Promise<AuthShareResponse | KeyMaterialResponse>
  reshare(accessToken: string, address: string, body: ReshareBody): Promise<ReshareResponse>
  /** Hands this device's share to the server for offline access (delegated wallets; MFA when enrolled). */
  delegate(accessToken: string, body: DelegateWalletBody): Promise<DelegateWalletResponse>
  /** Checks the user's MFA answer with the server and keeps the MFA token it answers for the user's next calls. */
  verifyMfa(accessToken: string, submission: MfaSubmission): Promise<void>
  /** Forgets every MFA token (logout). */
  clearMfa(): void
  initTotpEnrollment(accessToken: string): Promise<MfaTotpInitResponse>
  initSms(accessToken: string, body: MfaSmsInitBody): Promise<void>
  enrollTotp(accessToken: string, body: MfaCodeBody): Promise<MfaUserResponse>
  enrollSms(accessToken: string, body: MfaSmsEnrollBody): Promise<MfaUserResponse>
  /** Marks linked passkeys as MFA factors; an empty list removes passkey MFA. */
  enrollPasskeys(accessToken: string, body: MfaPasskeyEnrollmentBody): Promise<MfaUserResponse>
  unenrollMfa(accessToken: string, method: 'sms' | 'totp'): Promise<MfaUserResponse>
  /** The signed-in user: the reference's dialect names share sets by the primary wallet, resolved from the user's wallets. */
  user(accessToken: string): Promise<UserDto>
}

export interface HttpFrameApiOptions {
  appId: string
  clientId?: string | null
  /** Empty in the browser (relative URLs: the frame's origin); a loopback URL in tests. */
  baseUrl?: string
  fetch?: typeof fetch
  mfaTokens?: MfaTokenStore
}

const errorTypeOf: Partial<Record<ApiErrorCode, FrameErrorType>> = {
  missing_or_invalid_mfa: 'missing_or_invalid_mfa',
  mfa_required: 'missing_or_invalid_mfa',
  // An SMS code past its lifetime: the host shows the code-entry time limit (wallet spec, "The error catalogue").
  expired_or_invalid_mfa_token: 'twilio_verification_failed',
  insufficient_funds: 'insufficient_funds',
  invalid_data: 'invalid_request_arguments',
  invalid_request: 'invalid_request_arguments',
  policy_violation: 'policy_violation',
  feature_not_enabled: 'feature_not_enabled',
}

export async function failure(response: Response): Promise<FrameError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: ApiErrorCode } | null
  const serverMessage = typeof body?.error === 'string' && body.error.length <= 300 ? body.error : `Request failed (HTTP ${response.status})`
  // The host reads rate limiting from a 429 in the message (wallet spec, "The error catalogue").
  const message = response.status === 429 && !serverMessage.includes('429') ? `${serverMessage} (HTTP 429)` : serverMessage
  // 403 with a token code: the token is live but its sign-in too old for key material; 401 is a dead token.
  if (response.status === 403 && body?.code === 'missing_or_invalid_token') return new FrameError('reauthentication_required', message)
  return new FrameError((body?.code && errorTypeOf[body.code]) || 'error', message)
}

const verifyRoutes = { totp: mfaRoutes.totpVerify, sms: mfaRoutes.smsVerify, passkey: mfaRoutes.passkeyVerify } as const

export type FrameCall = <T>(
  route: Route,
  accessToken: string,
  body: object | undefined,
  params?: Record<string, string>,
  extraHeaders?: Record<string, string>,
) => Promise<T>

/** One JSON call to the frame's server with the session's bearer token (and the user's MFA token when the frame holds one). */
export function frameCall({
  appId,
  clientId,
  baseUrl = '',
  fetch: fetchImpl = (...args) => fetch(...args),
  mfaTokens = mfaTokenStore(),
}: HttpFrameApiOptions): FrameCall {
  return async <T>(
    route: Route,
    accessToken: string,
    body: object | undefined,
    params: Record<string, string> = {},
    extraHeaders: Record<string, string> = {},
  ): Promise<T> => {
    const path = routePath(route, params)
    const mfaToken = mfaTokens.get(accessToken)
    const requestHeaders: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      [headers.appId]: appId,
      ...(clientId ? { [headers.clientId]: clientId } : {}),
      ...(mfaToken ? { [MFA_TOKEN_HEADER]: mfaToken } : {}),
      ...extraHeaders,
    }
    let response: Response
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: route.method,
        headers: requestHeaders,
        body: body && JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch {
      throw new FrameError('error', 'Cannot reach the wallet server')
    }
    if (!response.ok) throw await failure(response)
    return (await response.json()) as T
  }
}

export function httpFrameApi(options: HttpFrameApiOptions): FrameApi {
  const { mfaTokens = mfaTokenStore() } = options
  const send = frameCall({ ...options, mfaTokens })
  const call = <T>(route: Route, accessToken: string, body: object | undefined, address?: string) =>
    send<T>(route, accessToken, body, address === undefined ? {} : { address })
  return {
    create: (token, body) => call(embeddedWalletRoutes.create, token, body),
    add: (token, body) => call(embeddedWalletRoutes.add, token, body),
    authShare: (token, address, body) => call(embeddedWalletRoutes.authShare, token, body, address),
    keyMaterial: (token, address, body) => call(embeddedWalletRoutes.keyMaterial, token, body, address),
    exportShare: (token, address, body) => call(embeddedWalletRoutes.exportShare, token, body, address),
    reshare: (token, address, body) => call(embeddedWalletRoutes.reshare, token, body, address),
    delegate: (token, body) => call(delegationRoutes.delegate, token, body),
    async verifyMfa(token, submission) {
      const body =
        submission.method === 'passkey'
          ? { authenticator_response: submission.authenticatorResponse, ...(submission.relyingParty ? { relying_party: submission.relyingParty } : {}) }
          : { code: submission.code }
      const answer = await call<MfaVerifyResponse>(verifyRoutes[submission.method], token, body)
      if (typeof answer?.token !== 'string' || !answer.token) throw new FrameError('error', 'Something went wrong.')
      mfaTokens.set(token, answer.token)
    },
    clearMfa: () => mfaTokens.clear(),
    initTotpEnrollment: (token) => call(mfaRoutes.totpInit, token, {}),
    initSms: async (token, body) => void (await call(mfaRoutes.smsInit, token, body)),
    enrollTotp: (token, body) => call(mfaRoutes.totpEnroll, token, body),
    enrollSms: (token, body) => call(mfaRoutes.smsEnroll, token, body),
    enrollPasskeys: (token, body) => call(mfaRoutes.passkeyEnrollment, token, body),
    unenrollMfa: (token, method) => call(method === 'sms' ? mfaRoutes.smsUnenroll : mfaRoutes.totpUnenroll, token, {}),
    user: async (token) => (await call<UserWithIdentityTokenDto>(usersMeRoute, token, undefined)).user,
  }
}
