import type { UserDto } from '../../../../protocol/index.js'
import { exitedFlowError, oauthPhishingError } from '../../../errors/client-errors.js'
import type { User } from '../../../user/types.js'
import { codeChallengeS256, randomOAuthSecret } from '../../oauth/pkce.js'
import { authenticateCrossApp, linkCrossApp } from '../api.js'
import { authorizationRequestUrl } from '../authorization-request.js'
import { invalidConnectedAppError } from '../errors.js'
import { crossAppMethodName } from '../method-name.js'
import { waitForCrossAppReturn } from '../popup-wait.js'
import { getConnections, updateIfCurrent, type CrossAppRuntime } from './runtime.js'
import type { StartedCrossAppFlow } from './types.js'

/** A user holds one account per provider user; the linked one is the cross_app account of that provider. */
const linkedSubject = (user: UserDto, providerAppId: string): string => {
  const account = user.linked_accounts.find((candidate) => candidate.type === 'cross_app' && candidate.provider_app.id === providerAppId)
  return account && 'subject' in account ? account.subject : ''
}

/** The provider's authorize page in the popup, the state check, then the code exchange and the token it set. */
export async function proceed(runtime: CrossAppRuntime, { started, providerAppId, intent, win, popup }: StartedCrossAppFlow): Promise<User> {
  const { options, tokens } = runtime
  try {
    const connection = (await getConnections(runtime)).find((candidate) => candidate.providerAppId === providerAppId)
    if (!connection?.authorizeUrl) throw invalidConnectedAppError()
    const stateCode = randomOAuthSecret()
    const codeVerifier = randomOAuthSecret()
    const url = authorizationRequestUrl(connection.authorizeUrl, {
      requesterAppId: options.appId,
      requesterOrigin: win.location.origin,
      stateCode,
      codeChallenge: await codeChallengeS256(codeVerifier),
    })
    if (started !== runtime.generation()) throw exitedFlowError(intent)
    popup.location.href = url.href
    const wait = waitForCrossAppReturn(win, popup, url.origin)
    runtime.popupWait = { popup, wait }
    const returned = await wait.result
    // Wallet spec, "States and transitions": the state code must match the one this browser stored.
    if (returned.stateCode !== stateCode) {
      void options.sendAnalyticsEvent('possible_phishing_attempt', { flow: 'cross-app', provider_app_id: providerAppId })
      throw oauthPhishingError()
    }
    updateIfCurrent(runtime, started, { status: 'authenticating', error: null })
    const body = { provider_app_id: providerAppId, authorization_code: returned.authorizationCode, state_code: stateCode, code_verifier: codeVerifier }
    const method = crossAppMethodName(providerAppId)
    const user =
      intent === 'link'
        ? await linkCrossApp(options.transport, body).then((dto) => options.accountChanges.linked(dto, method, linkedSubject(dto, providerAppId)))
        : await options.authenticate(method, () => authenticateCrossApp(options.transport, { ...body, mode: 'login-or-sign-up' }))
    // Wallet spec, "States and transitions": the provider's token for later transact requests, kept for this user only.
    if (returned.tokenAction) await tokens.apply(user.id, providerAppId, returned.tokenAction)
    updateIfCurrent(runtime, started, { status: 'done', error: null })
    return user
  } finally {
    if (runtime.popupWait?.popup === popup) runtime.popupWait = null
  }
}
