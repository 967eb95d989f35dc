import { alreadyLoggedInError, mustBeAuthenticatedError } from '../errors/client-errors.js'
import type { AuthIntent } from './types.js'

/** Login needs a signed-out visitor; link and update a signed-in user (sign-in spec, "Validation rules": "Flow guards"). */
export function assertIntentAllowed(intent: AuthIntent, isAuthenticated: boolean): void {
  if (intent === 'login' && isAuthenticated) throw alreadyLoggedInError()
  if (intent !== 'login' && !isAuthenticated) throw mustBeAuthenticatedError()
}
