import type { ErrorCode } from '../../protocol/index.js'

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
  /** The passkey status screen shows its own error with a retry. */
  | { kind: 'inline-passkey' }
  /** The wallet status screen shows the wallet's own error with its retry rules. */
  | { kind: 'inline-wallet' }
  /** The Farcaster screen shows its own 'Authentication failed' with a retry. */
  | { kind: 'inline-farcaster' }
  /** The cross-app screen shows the connect failure with a retry (wallet spec, "Screens and routes": "Cross-app and delegation"). */
  | { kind: 'inline-cross-app' }
  /** The Telegram status screen shows the Telegram copy of the sign-in spec, "The error catalogue" with a retry. */
  | { kind: 'inline-telegram' }
  | { kind: 'account-transfer' }
  | { kind: 'screen'; screen: ErrorScreenName }

/**
 * The step that failed. Plus-address errors stay on the landing, bad codes stay on the code boxes,
 * and OAuth failures read differently (sign-in spec, "The error catalogue": "OAuth").
 */
export type ErrorStep = 'send-code' | 'submit-code' | 'oauth' | 'passkey' | 'wallet' | 'farcaster' | 'cross-app' | 'telegram' | 'login'

export function routeError(error: ErrorLike, step: ErrorStep): ErrorRoute {
  if (error.code === 'disallowed_plus_email') return { kind: 'inline-plus-address' }
  if (step === 'submit-code' && error.code === 'invalid_credentials') return { kind: 'inline-incorrect-code' }
  // The client cannot move a wallet (AccountTransfer has no wallet method): the status screen says the address is taken.
  if (step === 'wallet' && error.code === 'account_transfer_required') return { kind: 'inline-wallet' }
  if (error.code === 'account_transfer_required' && typeof error.data?.nonce === 'string') return { kind: 'account-transfer' }
  const screen = errorScreenFor(error)
  if (step === 'passkey' && screen === 'error') return { kind: 'inline-passkey' }
  if (step === 'farcaster' && screen === 'error') return { kind: 'inline-farcaster' }
  if (step === 'cross-app' && screen === 'error') return { kind: 'inline-cross-app' }
  if (step === 'telegram' && screen === 'error') return { kind: 'inline-telegram' }
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
