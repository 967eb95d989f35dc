/** The embedded-wallet creation screens' strings (wallet spec, "Screens and routes": "Wallet creation and confirmation"), loaded with them. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const embeddedWalletsCopy = {
  'embeddedWallets.creating': 'Creating your wallet',
  'embeddedWallets.creating.description': 'Please wait...',
  'embeddedWallets.creating.error': 'Something went wrong',
  'embeddedWallets.creating.close': 'Close',
  'embeddedWallets.created.welcome': 'Welcome',
  'embeddedWallets.created.welcomeTo': ' to {app}',
  'embeddedWallets.created.allSet': 'All set!',
  'embeddedWallets.created.newUser': "You've successfully created an account.",
  'embeddedWallets.created.returning': 'Your account is secured.',
} as const

export const { t, useT } = translator({ ...copy, ...embeddedWalletsCopy })
