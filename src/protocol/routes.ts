/** Every API route the client calls and the server serves, as `{ method, path }`. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  readonly path: string
}

const post = (path: string): Route => ({ method: 'POST', path })
const get = (path: string): Route => ({ method: 'GET', path })

export const routes = {
  appConfig: get('/api/v1/apps/:app_id'),
  jwks: get('/api/v1/apps/:app_id/jwks.json'),
  analyticsEvents: post('/api/v1/analytics_events'),
  passwordlessInit: post('/api/v1/passwordless/init'),
  passwordlessAuthenticate: post('/api/v1/passwordless/authenticate'),
  passwordlessLink: post('/api/v1/passwordless/link'),
  passwordlessUnlink: post('/api/v1/passwordless/unlink'),
  passwordlessUpdate: post('/api/v1/passwordless/update'),
  passwordlessTransfer: post('/api/v1/passwordless/transfer'),
  smsInit: post('/api/v1/passwordless_sms/init'),
  smsAuthenticate: post('/api/v1/passwordless_sms/authenticate'),
  smsLink: post('/api/v1/passwordless_sms/link'),
  smsUnlink: post('/api/v1/passwordless_sms/unlink'),
  smsUpdate: post('/api/v1/passwordless_sms/update'),
  smsTransfer: post('/api/v1/passwordless_sms/transfer'),
  oauthInit: post('/api/v1/oauth/init'),
  /** Where providers send the browser back; the server then redirects to the app's `redirect_to`. */
  oauthCallback: get('/api/v1/oauth/callback/:provider'),
  oauthAuthenticate: post('/api/v1/oauth/authenticate'),
  oauthLink: post('/api/v1/oauth/link'),
  oauthUnlink: post('/api/v1/oauth/unlink'),
  oauthTransfer: post('/api/v1/oauth/transfer'),
  customJwtAuthenticate: post('/api/v1/custom_jwt_account/authenticate'),
  customJwtLink: post('/api/v1/custom_jwt_account/link'),
  guestAuthenticate: post('/api/v1/guest/authenticate'),
  passkeyRegisterInit: post('/api/v1/passkeys/register/init'),
  passkeyRegister: post('/api/v1/passkeys/register'),
  passkeyAuthenticateInit: post('/api/v1/passkeys/authenticate/init'),
  passkeyAuthenticate: post('/api/v1/passkeys/authenticate'),
  passkeyLinkInit: post('/api/v1/passkeys/link/init'),
  passkeyLink: post('/api/v1/passkeys/link'),
  passkeyUnlink: post('/api/v1/passkeys/unlink'),
  siweInit: post('/api/v1/siwe/init'),
  siweAuthenticate: post('/api/v1/siwe/authenticate'),
  siweLink: post('/api/v1/siwe/link'),
  siweLinkSmartWallet: post('/api/v1/siwe/link_smart_wallet'),
  siweUnlink: post('/api/v1/siwe/unlink'),
  siweTransfer: post('/api/v1/siwe/transfer'),
  siwsInit: post('/api/v1/siws/init'),
  siwsAuthenticate: post('/api/v1/siws/authenticate'),
  siwsLink: post('/api/v1/siws/link'),
  siwsUnlink: post('/api/v1/siws/unlink'),
  siwsTransfer: post('/api/v1/siws/transfer'),
  telegramAuthenticate: post('/api/v1/telegram/authenticate'),
  telegramLink: post('/api/v1/telegram/link'),
  telegramUnlink: post('/api/v1/telegram/unlink'),
  telegramTransfer: post('/api/v1/telegram/transfer'),
  farcasterInit: post('/api/v1/farcaster/init'),
  /** Polled with the channel token in the `farcaster-channel-token` header. */
  farcasterStatus: get('/api/v1/farcaster/status'),
  farcasterAuthenticate: post('/api/v1/farcaster/authenticate'),
  farcasterLink: post('/api/v1/farcaster/link'),
  farcasterUnlink: post('/api/v1/farcaster/unlink'),
  farcasterTransfer: post('/api/v1/farcaster/transfer'),
  farcasterV2Init: post('/api/v1/farcaster/v2/init'),
  farcasterV2Authenticate: post('/api/v1/farcaster/v2/authenticate'),
  /** The relay endpoint the Farcaster app posts the signed message to (`Authorization: Bearer <channel token>`); never called by the client. */
  farcasterChannelAuthenticate: post('/api/v1/farcaster/channel/authenticate'),
  /** Farcaster signer (document 2 §7): asks the user's Farcaster account to add an ed25519 key, then reads its state. */
  farcasterSignerInit: post('/api/v1/farcaster/signer/init'),
  farcasterSignerStatus: post('/api/v1/farcaster/signer/status'),
  crossAppConnections: get('/api/v1/apps/:app_id/cross-app/connections'),
  crossAppDetails: get('/api/v1/apps/:app_id/cross-app/details'),
  /** Cross-app (Tessera's own paths; the spec does not show them): the provider's page asks who is requesting, then authorizes. */
  crossAppRequester: get('/api/v1/cross-app/requesters/:app_id'),
  crossAppAuthorize: post('/api/v1/cross-app/authorize'),
  crossAppAuthenticate: post('/api/v1/cross-app/authenticate'),
  crossAppLink: post('/api/v1/cross-app/link'),
  crossAppUnlink: post('/api/v1/cross-app/unlink'),
  crossAppTransfer: post('/api/v1/cross-app/transfer'),
  crossAppTransactInit: post('/api/v1/cross-app/transact/init'),
  /** The provider's transact page checks who asks, and that its answer may go to the origin the request names. */
  crossAppTransactRequester: post('/api/v1/cross-app/transact/requester'),
  /** ALTCHA proof-of-work challenge for the embedded CAPTCHA (Tessera extension, not in the reference API). */
  captchaChallenge: get('/api/v1/captcha/challenge'),
  sessionsRefresh: post('/api/v1/sessions'),
  sessionsLogout: post('/api/v1/sessions/logout'),
  usersMe: get('/api/v1/users/me'),
  acceptTerms: post('/api/v1/users/me/accept_terms'),
} as const satisfies Record<string, Route>

export type RouteName = keyof typeof routes

/** Fills `:param` segments of a route path, URL-encoding each value. */
export function routePath(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing route parameter ${name}`)
    return encodeURIComponent(value)
  })
}
