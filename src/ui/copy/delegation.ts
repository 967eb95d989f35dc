/**
 * The delegated-wallet screens' strings (wallet spec, "Screens and routes": "Cross-app and delegation"; "States and transitions": "Delegated wallets"; "The error catalogue":
 * "Delegation"), loaded with them. The spec gives the buttons; titles and bodies say what the user decides.
 */
import { DELEGATION_NOT_OWNED_MESSAGE } from '../../protocol/index.js'
import { copy } from './en.js'
import { translator } from './translator.js'

export const delegationCopy = {
  'delegation.consent.title': 'Allow offline access',
  'delegation.consent.body': '{app} is asking to sign with this wallet on your behalf, even while you are offline.',
  'delegation.consent.custody': 'While access is on, {app} can sign messages and transactions with this wallet without asking you each time.',
  'delegation.consent.revocable': 'You can revoke access at any time.',
  'delegation.consent.wallet': 'Wallet',
  'delegation.thisApp': 'This app',
  'delegation.accept': 'Accept',
  'delegation.notNow': 'Not now',
  'delegation.pending': 'Setting up offline access...',
  'delegation.success.title': 'Offline access granted',
  'delegation.success': '{app} can now sign with this wallet while you are offline.',
  'delegation.error.title': 'Something went wrong',
  'delegation.retry': 'Try again',
  'delegation.revoke.title': 'Revoke offline access',
  'delegation.revoke.body': '{app} will no longer be able to sign with your wallets while you are offline.',
  'delegation.confirm': 'Confirm',
  'delegation.deny': 'Deny',
  'delegation.revoke.pending': 'Revoking access...',
  'delegation.revoke.success.title': 'Access revoked',
  'delegation.revoke.success': '{app} can no longer sign with your wallets while you are offline.',
  'delegation.notOwned': DELEGATION_NOT_OWNED_MESSAGE,
} as const

export const { t, useT } = translator({ ...copy, ...delegationCopy })
