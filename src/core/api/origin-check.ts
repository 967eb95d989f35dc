import { appOriginCheckRoute, routePath, type OriginCheckDto } from '../../protocol/index.js'
import type { TesseraError } from '../errors/base-error.js'
import { originNotAllowedError } from '../errors/origin-errors.js'

/**
 * After a request failed like a network error: asks the server whether this page's origin is allowed, with a
 * simple GET (no custom header, no credentials, so the browser sends it without a preflight). Answers the
 * refused-origin error, or null when the origin is allowed or the check fails too (the server is unreachable).
 */
export async function refusedOriginError(
  send: (url: string, init: RequestInit) => Promise<Response>,
  apiUrl: string,
  appId: string,
  cause: unknown,
): Promise<TesseraError | null> {
  try {
    const response = await send(apiUrl + routePath(appOriginCheckRoute, { app_id: appId }), { method: 'GET', credentials: 'omit' })
    if (!response.ok) return null
    const check = (await response.json()) as Partial<OriginCheckDto>
    return check.allowed === false && typeof check.origin === 'string' ? originNotAllowedError(check.origin, appId, cause) : null
  } catch {
    return null
  }
}
