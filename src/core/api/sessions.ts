import { sessionsLogoutRoute, sessionsRefreshRoute, type AuthenticatedUserDto } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** `POST /api/v1/sessions`: the old access token rides along, as the reference clients do. */
export function refreshSession(transport: Transport, refreshToken: string, accessToken: string | null): Promise<AuthenticatedUserDto> {
  return transport.request<AuthenticatedUserDto>(sessionsRefreshRoute, { body: { refresh_token: refreshToken }, accessToken })
}

export function logoutSession(transport: Transport, refreshToken: string | null, accessToken: string | null): Promise<unknown> {
  return transport.request(sessionsLogoutRoute, { body: refreshToken ? { refresh_token: refreshToken } : {}, accessToken })
}
