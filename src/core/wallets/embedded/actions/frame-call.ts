import type { FrameRequestData, FrameResponseData, MfaSubmission } from '../../../../protocol/index.js'
import { frameNotInitializedError, missingAccessTokenError } from '../../../errors/embedded-wallet-errors.js'
import { createFrameClient, type FrameClient } from '../frame-client.js'
import type { EmbeddedWalletsContext } from '../state.js'

/** The wallet frame, created on first use. */
export function frameClient({ deps, runtime }: EmbeddedWalletsContext): FrameClient {
  if (!deps.page) throw frameNotInitializedError()
  return (runtime.frame ??= (deps.createFrameClient ?? createFrameClient)({
    apiUrl: deps.apiUrl,
    appId: deps.appId,
    clientId: deps.clientId,
    getAnalyticsId: deps.getAnalyticsId,
    sendAnalyticsEvent: deps.sendAnalyticsEvent,
    page: deps.page,
    ...deps.frame,
  }))
}

/** One frame call with the session's access token (and `mfa`, when answering a challenge). */
export async function callFrameOnce<E extends keyof FrameRequestData>(
  context: EmbeddedWalletsContext,
  event: E,
  data: Omit<FrameRequestData[E], 'accessToken'>,
  mfa?: MfaSubmission,
): Promise<FrameResponseData[E]> {
  const token = await context.deps.getAccessToken()
  if (!token) throw missingAccessTokenError()
  return frameClient(context).request(event, { ...data, accessToken: token, ...(mfa && { mfa }) } as FrameRequestData[E])
}

/** A wallet operation whose share calls the server gates on MFA; the MFA events run their own challenge (client.mfa). */
export function callFrame<E extends keyof FrameRequestData>(
  context: EmbeddedWalletsContext,
  event: E,
  data: Omit<FrameRequestData[E], 'accessToken'>,
): Promise<FrameResponseData[E]> {
  const { withMfa } = context.deps
  if (event.startsWith('mfa:') || !withMfa) return callFrameOnce(context, event, data)
  return withMfa((mfa) => callFrameOnce(context, event, data, mfa))
}
