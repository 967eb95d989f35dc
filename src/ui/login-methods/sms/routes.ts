import type { LoginMethodRoutes } from '../method-routes.js'

/** SMS: the phone input, then its code boxes (the same component as email's `code`). */
export const smsRoutes = {
  name: 'sms',
  isEntry: (method: string): method is 'sms' => method === 'sms',
  screens: ['phone', 'sms-code'],
  requestScreen: 'phone',
  errorSteps: ['send-code', 'submit-code'],
  errorsInline: false,
} as const satisfies LoginMethodRoutes
