import type { LoginMethodRoutes } from '../method-routes.js'

/** Passkey: the status screen (loading, success or error with retry) and the sign-up-or-sign-in choice. */
export const passkeyRoutes = {
  name: 'passkey',
  isEntry: (method: string): method is 'passkey' => method === 'passkey',
  screens: ['passkey', 'passkey-choice'],
  requestScreen: 'passkey',
  // The status screen shows its own error with a retry.
  errorSteps: ['passkey'],
  errorsInline: true,
} as const satisfies LoginMethodRoutes
