import type { ErrorCode } from '../../protocol/index.js'
import { loginMethodRoutes, type InlineErrorStep, type LoginMethodErrorStep } from '../login-methods/route-list.js'

/** The part of an error its route and copy depend on: never the raw message except for 400/422. */
export interface ErrorLike {
  code: ErrorCode | string
  status?: number | undefined
  shortMessage?: string | undefined
  data?: Record<string, unknown> | undefined
}

/** The screens that show an error (sign-in spec, "States and transitions": "Error routing for every login method"). */
export type ErrorScreenName = 'error' | 'allowlist-denied' | 'user-limit' | 'account-not-found'

/** Where an action's error is shown: inline on the current screen, the transfer offer, or an error screen. */
export type ErrorRoute =
  | { kind: 'inline-plus-address' }
  | { kind: 'inline-incorrect-code' }
  /** The wallet status screen shows the wallet's own error with its retry rules. */
  | { kind: 'inline-wallet' }
  /** A method whose screen shows its own failures with a retry (`errorsInline` in its routes.ts). */
  | { kind: `inline-${InlineErrorStep}` }
  | { kind: 'account-transfer' }
  | { kind: 'screen'; screen: ErrorScreenName }

/** The step that failed: a login method's (login-methods/<method>/routes.ts) or any sign-in ('login'). */
export type ErrorStep = LoginMethodErrorStep | 'login'

const inlineErrorSteps: readonly string[] = loginMethodRoutes.flatMap((routes) => (routes.errorsInline ? routes.errorSteps : []))
const isInlineErrorStep = (step: ErrorStep): step is InlineErrorStep => inlineErrorSteps.includes(step)

export function routeError(error: ErrorLike, step: ErrorStep): ErrorRoute {
  if (error.code === 'disallowed_plus_email') return { kind: 'inline-plus-address' }
  if (step === 'submit-code' && error.code === 'invalid_credentials') return { kind: 'inline-incorrect-code' }
  // The client cannot move a wallet (AccountTransfer has no wallet method): the status screen says the address is taken.
  if (step === 'wallet' && error.code === 'account_transfer_required') return { kind: 'inline-wallet' }
  if (error.code === 'account_transfer_required' && typeof error.data?.nonce === 'string') return { kind: 'account-transfer' }
  const screen = errorScreenFor(error)
  if (isInlineErrorStep(step) && screen === 'error') return { kind: `inline-${step}` }
  // Wallet failures the core worded (sign-in spec, "The error catalogue": "Wallet login errors") stay on the status screen.
  if (step === 'wallet' && screen === 'error' && typeof error.data?.walletError === 'string') return { kind: 'inline-wallet' }
  return { kind: 'screen', screen }
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
