/** App config, analytics, sessions and the user: what every page calls. */
import { get, post } from './route.js'

export const appConfigRoute = get('/api/v1/apps/:app_id')
export const jwksRoute = get('/api/v1/apps/:app_id/jwks.json')
/** The app's smart-wallet config (sign-in spec, "The calls it makes"): type, version and per-chain bundler and paymaster. */
export const smartWalletConfigRoute = get('/api/v1/apps/:app_id/smart_wallets')
/**
 * Whether the calling page's origin is one of the app's allowed origins (Tessera extension): a simple GET with no
 * custom header and no credentials, so no preflight, readable by any page. The client asks it when a request fails
 * like a network error, to tell a refused origin (whose preflight the browser hides) from an unreachable server.
 */
export const appOriginCheckRoute = get('/api/v1/apps/:app_id/origin_check')
export const analyticsEventsRoute = post('/api/v1/analytics_events')
/** ALTCHA proof-of-work challenge for the embedded CAPTCHA (Tessera extension, not in the reference API). */
export const captchaChallengeRoute = get('/api/v1/captcha/challenge')
export const sessionsRefreshRoute = post('/api/v1/sessions')
export const sessionsLogoutRoute = post('/api/v1/sessions/logout')
/** "Log out everywhere": ends every session of the caller's user in the app (Tessera extension, not in the reference API). */
export const sessionsLogoutAllRoute = post('/api/v1/sessions/logout_all')
export const usersMeRoute = get('/api/v1/users/me')
export const acceptTermsRoute = post('/api/v1/users/me/accept_terms')
