/** The account-transfer screens' strings (wallet spec, "Screens and routes": "Account transfer"), loaded with them. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const transferCopy = {
  'transfer.title': '{account} is associated with another account',
  'transfer.account.email': 'Email address',
  'transfer.account.sms': 'Phone number',
  'transfer.account.oauth': '{provider} profile',
  'transfer.account.wallet': 'Wallet address',
  'transfer.account.solanaWallet': 'Solana wallet address',
  'transfer.description': 'Do you want to transfer {handle} to this account instead? This will delete your other account.',
  'transfer.confirm': 'Transfer and delete account',
  'transfer.success': 'Success!',
  'transfer.continue': 'Continue',
  'transfer.decline': 'No thanks',
  'transfer.assets.title': 'Check account assets before transferring',
  'transfer.assets.description':
    'Assets held by the wallet of your other account are not moved. To check them first, log in to that account or look up its address on a block explorer.',
  'transfer.assets.addressLabel': 'Wallet address of the other account',
  'transfer.assets.copy': 'Copy address',
  'transfer.assets.copied': 'Copied',
} as const

export const { t, useT } = translator({ ...copy, ...transferCopy })
