import type { LoginMethodRoutes } from '../method-routes.js'

/**
 * External wallets (SIWE and SIWS, `client.wallets`): the picker (with its network, install and empty views), the
 * connection status and the connect-or-create intent's screen, all behind one lazy import (screens/wallet-screens.tsx).
 */
export const walletRoutes = {
  name: 'wallet',
  isEntry: (method: string): method is 'wallet' => method === 'wallet',
  screens: ['wallet-picker', 'wallet-status', 'wallet-connect-or-create'],
  requestScreen: 'wallet-picker',
  // The status screen shows the wallet's own errors by its retry rules (errors/route-error.ts), not every failure.
  errorSteps: ['wallet'],
  errorsInline: false,
} as const satisfies LoginMethodRoutes
