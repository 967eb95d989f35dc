import { sessionsLogoutAllRoute, sessionsLogoutRoute, sessionsRefreshRoute, type AuthenticatedUserDto } from '../../protocol/index.js'
import { COOKIE_HELD_REFRESH_TOKEN } from '../session/cookie-session-storage.js'
import type { Transport } from './transport.js'

/** The body names the refresh token unless the browser sends it as a cookie. */
const refreshTokenBody = (refreshToken: string | null) => (refreshToken && refreshToken !== COOKIE_HELD_REFRESH_TOKEN ? { refresh_token: refreshToken } : {})

/** `POST /api/v1/sessions`: the old access token rides along, as the reference clients do. */
export function refreshSession(transport: Transport, refreshToken: string, accessToken: string | null): Promise<AuthenticatedUserDto> {
  return transport.request(sessionsRefreshRoute, { body: refreshTokenBody(refreshToken), accessToken })
}

export function logoutSession(transport: Transport, refreshToken: string | null, accessToken: string | null): Promise<unknown> {
  return transport.request(sessionsLogoutRoute, { body: refreshTokenBody(refreshToken), accessToken })
}

/** `POST /api/v1/sessions/logout_all` (Tessera extension): ends every session of the user in the app. */
export function logoutAllSessions(transport: Transport, accessToken: string): Promise<unknown> {
  return transport.request(sessionsLogoutAllRoute, { body: {}, accessToken })
}
