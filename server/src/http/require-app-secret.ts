import type { Context } from 'hono'
import { appSecretMatches } from '../apps/app-secret.js'
import { ApiError } from './api-error.js'
import type { AppEnv } from './env.js'

const invalidAppCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid app credentials', { 'WWW-Authenticate': 'Basic realm="tessera"' })

/**
 * Server-to-server calls authenticate as the app (the reference's scheme): HTTP Basic `app_id:app_secret`, where the
 * user name must be the `privy-app-id` header's app. The secret is compared in constant time against its stored hash.
 * Browsers never hold the secret, so a request carrying an Origin is refused.
 */
export function requireAppSecret(c: Context<AppEnv>): void {
  if (c.req.header('origin')) throw new ApiError(403, 'invalid_origin', 'App credentials are for server-to-server calls only')
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(c.req.header('authorization') ?? '')
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : ''
  const separator = decoded.indexOf(':')
  if (separator < 0) throw invalidAppCredentials()
  const appId = decoded.slice(0, separator)
  const secret = decoded.slice(separator + 1)
  if (appId !== c.var.app.id || !appSecretMatches(c.var.app.appSecretHash, secret)) throw invalidAppCredentials()
}
