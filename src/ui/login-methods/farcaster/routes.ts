import type { LoginMethodRoutes } from '../method-routes.js'

/** Farcaster: the QR code (desktop) or open-app button (mobile) while the Farcaster app signs, then its status. */
export const farcasterRoutes = {
  name: 'farcaster',
  isEntry: (method: string): method is 'farcaster' => method === 'farcaster',
  screens: ['farcaster'],
  requestScreen: 'farcaster',
  // The screen shows its own 'Authentication failed' with a retry.
  errorSteps: ['farcaster'],
  errorsInline: true,
} as const satisfies LoginMethodRoutes
