import type { ErrorLike } from '../copy/copy-for-error.js'

/** The screens that show an error (document 1 §4 "Error routing for every login method"). */
export type ErrorScreenName = 'error' | 'allowlist-denied' | 'user-limit' | 'account-not-found'

/** Where an action's error is shown: inline on the current screen, the transfer offer, or an error screen. */
export type ErrorRoute =
  | { kind: 'inline-plus-address' }
  | { kind: 'inline-incorrect-code' }
  | { kind: 'account-transfer' }
  | { kind: 'screen'; screen: ErrorScreenName }

/**
 * The step that failed. Plus-address errors stay on the landing, bad codes stay on the code boxes,
 * and OAuth failures read differently (document 1 §8 "OAuth").
 */
export type ErrorStep = 'send-code' | 'submit-code' | 'oauth' | 'login'

export function routeError(error: ErrorLike, step: ErrorStep): ErrorRoute {
  if (error.code === 'disallowed_plus_email') return { kind: 'inline-plus-address' }
  if (step === 'submit-code' && error.code === 'invalid_credentials') return { kind: 'inline-incorrect-code' }
  if (error.code === 'account_transfer_required' && typeof error.data?.nonce === 'string') return { kind: 'account-transfer' }
  return { kind: 'screen', screen: errorScreenFor(error) }
}

function errorScreenFor(error: ErrorLike): ErrorScreenName {
  switch (error.code) {
    case 'allowlist_rejected':
      return 'allowlist-denied'
    case 'max_accounts_reached':
      return 'user-limit'
    case 'user_does_not_exist':
    case 'signup_disabled':
      return 'account-not-found'
    default:
      return 'error'
  }
}
