/** Every route by name, for the server and tests. Not in the protocol barrel: client code imports single routes from routes/<method>.ts, so each bundle keeps only the paths it calls. */
import { appConfigRoute, appOriginCheckRoute, jwksRoute, smartWalletConfigRoute, analyticsEventsRoute, captchaChallengeRoute, sessionsRefreshRoute, sessionsLogoutRoute, sessionsLogoutAllRoute, usersMeRoute, acceptTermsRoute } from './routes/app.js'
import { passwordlessInitRoute, passwordlessAuthenticateRoute, passwordlessLinkRoute, passwordlessUnlinkRoute, passwordlessUpdateRoute, passwordlessTransferRoute } from './routes/passwordless.js'
import { smsInitRoute, smsAuthenticateRoute, smsLinkRoute, smsUnlinkRoute, smsUpdateRoute, smsTransferRoute } from './routes/sms.js'
import { oauthInitRoute, oauthCallbackRoute, oauthAuthenticateRoute, oauthLinkRoute, oauthUnlinkRoute, oauthTransferRoute } from './routes/oauth.js'
import { customJwtAuthenticateRoute, customJwtLinkRoute } from './routes/custom-jwt.js'
import { guestAuthenticateRoute } from './routes/guest.js'
import { passkeyRegisterInitRoute, passkeyRegisterRoute, passkeyAuthenticateInitRoute, passkeyAuthenticateRoute, passkeyLinkInitRoute, passkeyLinkRoute, passkeyUnlinkRoute } from './routes/passkeys.js'
import { siweInitRoute, siweAuthenticateRoute, siweLinkRoute, siweLinkSmartWalletRoute, siweUnlinkRoute, siweTransferRoute } from './routes/siwe.js'
import { siwsInitRoute, siwsAuthenticateRoute, siwsLinkRoute, siwsUnlinkRoute, siwsTransferRoute } from './routes/siws.js'
import { telegramAuthenticateRoute, telegramLinkRoute, telegramUnlinkRoute, telegramTransferRoute } from './routes/telegram.js'
import { farcasterInitRoute, farcasterStatusRoute, farcasterAuthenticateRoute, farcasterLinkRoute, farcasterUnlinkRoute, farcasterTransferRoute, farcasterV2InitRoute, farcasterV2AuthenticateRoute, farcasterChannelAuthenticateRoute, farcasterSignerInitRoute, farcasterSignerStatusRoute } from './routes/farcaster.js'
import { crossAppConnectionsRoute, crossAppDetailsRoute, crossAppRequesterRoute, crossAppAuthorizeRoute, crossAppAuthenticateRoute, crossAppLinkRoute, crossAppUnlinkRoute, crossAppTransferRoute, crossAppTransactInitRoute, crossAppTransactRequesterRoute } from './routes/cross-app.js'

export const routes = {
  appConfig: appConfigRoute,
  appOriginCheck: appOriginCheckRoute,
  jwks: jwksRoute,
  smartWalletConfig: smartWalletConfigRoute,
  analyticsEvents: analyticsEventsRoute,
  passwordlessInit: passwordlessInitRoute,
  passwordlessAuthenticate: passwordlessAuthenticateRoute,
  passwordlessLink: passwordlessLinkRoute,
  passwordlessUnlink: passwordlessUnlinkRoute,
  passwordlessUpdate: passwordlessUpdateRoute,
  passwordlessTransfer: passwordlessTransferRoute,
  smsInit: smsInitRoute,
  smsAuthenticate: smsAuthenticateRoute,
  smsLink: smsLinkRoute,
  smsUnlink: smsUnlinkRoute,
  smsUpdate: smsUpdateRoute,
  smsTransfer: smsTransferRoute,
  oauthInit: oauthInitRoute,
  oauthCallback: oauthCallbackRoute,
  oauthAuthenticate: oauthAuthenticateRoute,
  oauthLink: oauthLinkRoute,
  oauthUnlink: oauthUnlinkRoute,
  oauthTransfer: oauthTransferRoute,
  customJwtAuthenticate: customJwtAuthenticateRoute,
  customJwtLink: customJwtLinkRoute,
  guestAuthenticate: guestAuthenticateRoute,
  passkeyRegisterInit: passkeyRegisterInitRoute,
  passkeyRegister: passkeyRegisterRoute,
  passkeyAuthenticateInit: passkeyAuthenticateInitRoute,
  passkeyAuthenticate: passkeyAuthenticateRoute,
  passkeyLinkInit: passkeyLinkInitRoute,
  passkeyLink: passkeyLinkRoute,
  passkeyUnlink: passkeyUnlinkRoute,
  siweInit: siweInitRoute,
  siweAuthenticate: siweAuthenticateRoute,
  siweLink: siweLinkRoute,
  siweLinkSmartWallet: siweLinkSmartWalletRoute,
  siweUnlink: siweUnlinkRoute,
  siweTransfer: siweTransferRoute,
  siwsInit: siwsInitRoute,
  siwsAuthenticate: siwsAuthenticateRoute,
  siwsLink: siwsLinkRoute,
  siwsUnlink: siwsUnlinkRoute,
  siwsTransfer: siwsTransferRoute,
  telegramAuthenticate: telegramAuthenticateRoute,
  telegramLink: telegramLinkRoute,
  telegramUnlink: telegramUnlinkRoute,
  telegramTransfer: telegramTransferRoute,
  farcasterInit: farcasterInitRoute,
  farcasterStatus: farcasterStatusRoute,
  farcasterAuthenticate: farcasterAuthenticateRoute,
  farcasterLink: farcasterLinkRoute,
  farcasterUnlink: farcasterUnlinkRoute,
  farcasterTransfer: farcasterTransferRoute,
  farcasterV2Init: farcasterV2InitRoute,
  farcasterV2Authenticate: farcasterV2AuthenticateRoute,
  farcasterChannelAuthenticate: farcasterChannelAuthenticateRoute,
  farcasterSignerInit: farcasterSignerInitRoute,
  farcasterSignerStatus: farcasterSignerStatusRoute,
  crossAppConnections: crossAppConnectionsRoute,
  crossAppDetails: crossAppDetailsRoute,
  crossAppRequester: crossAppRequesterRoute,
  crossAppAuthorize: crossAppAuthorizeRoute,
  crossAppAuthenticate: crossAppAuthenticateRoute,
  crossAppLink: crossAppLinkRoute,
  crossAppUnlink: crossAppUnlinkRoute,
  crossAppTransfer: crossAppTransferRoute,
  crossAppTransactInit: crossAppTransactInitRoute,
  crossAppTransactRequester: crossAppTransactRequesterRoute,
  captchaChallenge: captchaChallengeRoute,
  sessionsRefresh: sessionsRefreshRoute,
  sessionsLogout: sessionsLogoutRoute,
  sessionsLogoutAll: sessionsLogoutAllRoute,
  usersMe: usersMeRoute,
  acceptTerms: acceptTermsRoute,
} as const

export type RouteName = keyof typeof routes
