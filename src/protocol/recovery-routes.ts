/**
 * User-owned cloud recovery (wallet spec, "Screens and routes": "Recovery with a cloud provider"; "The calls it makes": recovery calls): the reference's
 * `recovery/*` paths. The host gets a Google Drive access token through a PKCE popup (`oauth/init` gives the
 * provider's address; the provider returns to the server's callback, which sends the popup back to the host's page
 * with a one-time code; `oauth/authenticate` trades that code), and hands it to the wallet frame, which keeps the
 * key that opens the recovery share in the user's Drive app-data folder. The server never holds that key.
 * Kept out of routes.ts so the landing bundle never carries it.
 */
import { get, post } from './routes/route.js'

export const recoveryRoutes = {
  oauthInit: post<RecoveryOAuthInitBody, RecoveryOAuthInitResponse>('/api/v1/recovery/oauth/init'),
  oauthAuthenticate: post<RecoveryOAuthAuthenticateBody, RecoveryOAuthAuthenticateResponse>('/api/v1/recovery/oauth/authenticate'),
  initIcloud: post<{ client_type: 'web' }, RecoveryOAuthInitResponse>('/api/v1/recovery/oauth/init_icloud'),
  /** Where Google sends the popup back (no app header: the state names the app); answered with a redirect. */
  oauthCallback: get<never>('/api/v1/recovery/oauth/callback'),
  configurationIcloud: post<Record<string, unknown>, never>('/api/v1/recovery/configuration_icloud'),
} as const

/** The cloud providers of the recovery selector; iCloud is an adapter interface only (no web flow here). */
export type CloudRecoveryProvider = 'google-drive' | 'icloud'

export interface RecoveryOAuthInitBody {
  provider: 'google-drive'
  redirect_to: string
  code_challenge: string
  state_code: string
}
export interface RecoveryOAuthInitResponse {
  url: string
}
export interface RecoveryOAuthAuthenticateBody {
  provider: 'google-drive'
  authorization_code: string
  state_code: string
  code_verifier: string
}
export interface RecoveryOAuthAuthenticateResponse {
  access_token: string
}

/** The Drive scope that gives an app its own hidden folder and nothing else of the user's Drive. */
export const GOOGLE_DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata'
export const GOOGLE_DRIVE_API_URL = 'https://www.googleapis.com'
