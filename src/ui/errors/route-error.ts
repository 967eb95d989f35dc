import type { ErrorLike } from '../copy/copy-for-error.js'

/** Where an action's error is shown: inline on the current screen, or on the error screen. */
export type ErrorRoute =
  | { kind: 'inline-plus-address' }
  | { kind: 'inline-incorrect-code' }
  | { kind: 'screen' }

/** Document 1 §8: plus-address errors stay on the landing, bad codes stay on the code boxes. */
export type ErrorStep = 'send-code' | 'submit-code'

export function routeError(error: ErrorLike, step: ErrorStep): ErrorRoute {
  if (error.code === 'disallowed_plus_email') return { kind: 'inline-plus-address' }
  if (step === 'submit-code' && error.code === 'invalid_credentials') return { kind: 'inline-incorrect-code' }
  return { kind: 'screen' }
}
