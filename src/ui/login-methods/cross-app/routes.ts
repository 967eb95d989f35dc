import type { LoginMethodRoutes } from '../method-routes.js'

/** A cross-app provider app's row: `privy:<provider app id>`. */
export type CrossAppMethod = `privy:${string}`

export function isCrossAppMethod(method: string): method is CrossAppMethod {
  return method.startsWith('privy:') && method.length > 'privy:'.length
}

/** Cross-app: the provider app's popup (connecting), then success or failure. */
export const crossAppRoutes = {
  name: 'cross-app',
  isEntry: isCrossAppMethod,
  screens: ['cross-app'],
  requestScreen: 'cross-app',
  // The screen shows the connect failure with a retry (wallet spec, "Screens and routes": "Cross-app and delegation").
  errorSteps: ['cross-app'],
  errorsInline: true,
} as const satisfies LoginMethodRoutes
