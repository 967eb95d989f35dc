import { z } from 'zod'
import { ApiError } from '../../http/api-error.js'
import type { AppRecord } from '../../apps/types.js'

/** A syntactically valid address, stored lower-case (emails are case-insensitive here). */
export const emailAddress = z
  .string()
  .trim()
  .max(254)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\s@\u0000]+@[^\s@\u0000]+\.[^\s@\u0000]+$/, 'must be a valid email address')
  .transform((value) => value.toLowerCase())

/** Refuses '+' addresses when the app disables them (sign-in spec: disallowed_plus_email). */
export function assertEmailAllowed(app: AppRecord, email: string): void {
  if (app.disablePlusEmails && email.split('@')[0]?.includes('+')) {
    throw new ApiError(400, 'disallowed_plus_email', 'Email addresses with a + are not allowed for this app')
  }
}
