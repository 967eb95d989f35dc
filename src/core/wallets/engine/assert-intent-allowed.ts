import { alreadyLoggedInError, mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { WalletEngineDeps } from './deps.js'

/** Logging in needs no session yet; linking needs one. */
export function assertIntentAllowed({ options }: WalletEngineDeps, intent: 'login' | 'link') {
  if (intent === 'login' && options.isAuthenticated()) throw alreadyLoggedInError()
  if (intent === 'link' && !options.isAuthenticated()) throw mustBeAuthenticatedError()
}
