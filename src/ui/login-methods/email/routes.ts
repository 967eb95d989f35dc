import type { LoginMethodRoutes } from '../method-routes.js'

/** Email: the landing's own form, then the code boxes (`code`, shared with SMS: ../otp/code-entry.tsx). */
export const emailRoutes = {
  name: 'email',
  isEntry: (method: string): method is 'email' => method === 'email',
  screens: ['code'],
  requestScreen: null,
  // Plus-address errors stay on the landing, bad codes stay on the code boxes.
  errorSteps: ['send-code', 'submit-code'],
  errorsInline: false,
} as const satisfies LoginMethodRoutes
