import { oauthProviders, type OAuthProvider } from '../../../protocol/index.js'
import type { LoginMethodRoutes } from '../method-routes.js'

export function isOAuthProvider(method: string): method is OAuthProvider {
  return (oauthProviders as readonly string[]).includes(method)
}

/** OAuth: one row per provider and one status screen; its failures read differently (sign-in spec, "The error catalogue": "OAuth"). */
export const oauthRoutes = {
  name: 'oauth',
  isEntry: isOAuthProvider,
  screens: ['oauth'],
  requestScreen: 'oauth',
  errorSteps: ['oauth'],
  errorsInline: false,
} as const satisfies LoginMethodRoutes
