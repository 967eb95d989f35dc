/** App config, analytics, sessions and the user: what every page calls. */
import type {
  AnalyticsEventBody,
  AppConfigDto,
  AuthenticatedUserDto,
  CaptchaChallengeDto,
  JwksDto,
  LogoutBody,
  OriginCheckDto,
  RefreshSessionBody,
  UserDto,
  UserWithIdentityTokenDto,
} from '../dto.js'
import type { SmartWalletConfigDto } from '../smart-wallets.js'
import { get, post, type EmptyDto } from './route.js'

export const appConfigRoute = get<AppConfigDto>('/api/v1/apps/:app_id')
export const jwksRoute = get<JwksDto>('/api/v1/apps/:app_id/jwks.json')
/** The app's smart-wallet config (sign-in spec, "The calls it makes"): type, version and per-chain bundler and paymaster. */
export const smartWalletConfigRoute = get<SmartWalletConfigDto>('/api/v1/apps/:app_id/smart_wallets')
/**
 * Whether the calling page's origin is one of the app's allowed origins (Tessera extension): a simple GET with no
 * custom header and no credentials, so no preflight, readable by any page. The client asks it when a request fails
 * like a network error, to tell a refused origin (whose preflight the browser hides) from an unreachable server.
 */
export const appOriginCheckRoute = get<OriginCheckDto>('/api/v1/apps/:app_id/origin_check')
export const analyticsEventsRoute = post<AnalyticsEventBody, EmptyDto>('/api/v1/analytics_events')
/** ALTCHA proof-of-work challenge for the embedded CAPTCHA (Tessera extension, not in the reference API). */
export const captchaChallengeRoute = get<CaptchaChallengeDto>('/api/v1/captcha/challenge')
export const sessionsRefreshRoute = post<RefreshSessionBody, AuthenticatedUserDto>('/api/v1/sessions')
export const sessionsLogoutRoute = post<LogoutBody, EmptyDto>('/api/v1/sessions/logout')
/** "Log out everywhere": ends every session of the caller's user in the app (Tessera extension, not in the reference API). */
export const sessionsLogoutAllRoute = post<EmptyDto, EmptyDto>('/api/v1/sessions/logout_all')
export const usersMeRoute = get<UserWithIdentityTokenDto>('/api/v1/users/me')
export const acceptTermsRoute = post<EmptyDto, UserDto | { user: UserDto }>('/api/v1/users/me/accept_terms')
