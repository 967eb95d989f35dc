import type { LoginMethodRoutes } from '../method-routes.js'

/** Telegram: the widget's popup, then 'Verifying connection to Telegram' (sign-in spec, "Screens and routes"). */
export const telegramRoutes = {
  name: 'telegram',
  isEntry: (method: string): method is 'telegram' => method === 'telegram',
  screens: ['telegram'],
  requestScreen: 'telegram',
  // The status screen shows the Telegram copy of the sign-in spec, "The error catalogue" with a retry.
  errorSteps: ['telegram'],
  errorsInline: true,
} as const satisfies LoginMethodRoutes
