/**
 * The cloud provider's access token for a backup or a recovery (wallet spec, "Screens and routes": "Recovery with a cloud provider"): a PKCE
 * popup like the login's, whose page comes back to the host, which posts the return here; the server trades the
 * one-time code for a Google Drive app-data token, which goes to the wallet frame only.
 */
import { OAUTH_DENIED_CODE, type CloudRecoveryProvider } from '../../../../protocol/index.js'
import { authenticateRecoveryOAuth, initIcloudRecovery, initRecoveryOAuth } from '../../../api/recovery.js'
import type { Transport } from '../../../api/transport.js'
import { oauthPhishingError, popupBlockedError } from '../../../errors/client-errors.js'
import { unsupportedRecoveryActionError } from '../../../errors/embedded-wallet-errors.js'
import type { OAuthWindow, PopupWindow } from '../../../auth/oauth/browser-window.js'
import { oauthUserDeniedError } from '../../../auth/oauth/errors.js'
import { openOAuthPopup } from '../../../auth/oauth/open-popup.js'
import { codeChallengeS256, randomOAuthSecret } from '../../../auth/oauth/pkce.js'
import { waitForPopupReturn } from '../../../auth/oauth/popup.js'
import { cloudRecoveryExitedError, recoveryOAuthFailedError } from './errors.js'

export interface CloudAccessTokenDeps {
  transport: Transport
  window: OAuthWindow
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): void
}

/** Google's leg once the popup is open: init, the popup's return, the state check, the code trade. */
async function googleDriveToken(deps: CloudAccessTokenDeps, popup: PopupWindow): Promise<string> {
  const { transport, window: win } = deps
  const codeVerifier = randomOAuthSecret()
  const stateCode = randomOAuthSecret()
  const { url } = await initRecoveryOAuth(transport, {
    provider: 'google-drive',
    redirect_to: win.location.origin + win.location.pathname,
    code_challenge: await codeChallengeS256(codeVerifier),
    state_code: stateCode,
  })
  popup.location.href = url
  const returned = await waitForPopupReturn(win, popup, cloudRecoveryExitedError).result
  if (returned.stateCode !== stateCode || returned.provider !== 'google-drive') {
    deps.sendAnalyticsEvent('possible_phishing_attempt', { flow: 'recovery-oauth', provider: returned.provider })
    throw oauthPhishingError()
  }
  if (returned.error) throw recoveryOAuthFailedError()
  if (returned.authorizationCode === OAUTH_DENIED_CODE) throw oauthUserDeniedError()
  const { access_token } = await authenticateRecoveryOAuth(transport, {
    provider: 'google-drive',
    authorization_code: returned.authorizationCode,
    state_code: stateCode,
    code_verifier: codeVerifier,
  })
  return access_token
}

/**
 * Starts the provider's consent at once: call it inside the click, before any await, so the popup is allowed.
 * iCloud asks the server, which answers not_supported.
 */
export function cloudAccessToken(deps: CloudAccessTokenDeps, provider: CloudRecoveryProvider): Promise<string> {
  // The server refuses iCloud (not_supported); a web flow, were one added, would need CloudKit's token here.
  if (provider === 'icloud') return initIcloudRecovery(deps.transport).then(() => Promise.reject(unsupportedRecoveryActionError()))
  const popup = openOAuthPopup(deps.window)
  if (!popup) return Promise.reject(popupBlockedError())
  return googleDriveToken(deps, popup).finally(() => popup.close())
}
