/**
 * The wallet screens' strings (document 1 §§2, 8; document 2 §2 "Other screens"), loaded with them.
 * `t` also knows the first chunk's keys.
 */
import { copy } from './en.js'
import { translator } from './translator.js'

export const walletsCopy = {
  'wallets.picker.title': 'Select your wallet',
  'wallets.link.title': 'Link a wallet',
  'wallets.search.label': 'Search wallets',
  'wallets.search.empty': 'No wallets found. Try another search.',
  'wallets.list': 'Wallets',
  'wallets.lastUsed': 'Last used',
  'wallets.chain.ethereum': 'Ethereum',
  'wallets.chain.solana': 'Solana',
  'wallets.notInstalled': 'Not installed',
  'wallets.network.title': 'Select network',
  'wallets.ledger.title': '{wallet} supports Ledger',
  'wallets.ledger.with': 'Continue with Ledger',
  'wallets.ledger.without': 'Continue without Ledger',
  'wallets.empty.title': 'No wallets available',
  'wallets.empty.description': 'Get a wallet to continue: download one of these wallet providers.',
  'wallets.install.title': 'Open or install {wallet}',
  'wallets.install.step.extension': 'Install the {wallet} extension',
  'wallets.install.step.setup': 'Set up your wallet',
  'wallets.install.step.phrase': 'Store your recovery phrase somewhere safe',
  'wallets.install.step.reload': 'Reload the page to use your wallet',
  'wallets.install.get': 'Get {wallet}',
  'wallets.install.reload': 'Reload',
  'wallets.redirect.title': 'Redirecting to {wallet} Mobile Wallet',
  'wallets.redirect.stillHere': 'Still here?',
  'wallets.redirect.appStore': 'Go to App Store',
  'wallets.redirect.continue': 'Continue',
  'wallets.status.waiting': 'Waiting for {wallet}',
  'wallets.status.waiting.hint': "Don't see your wallet? Check your other browser windows.",
  'wallets.status.pending': 'Open {wallet}: a request is already waiting for you there.',
  'wallets.status.switching': 'Switching networks',
  'wallets.status.sign': 'Sign to verify',
  'wallets.status.sign.hint': 'Sign the message in {wallet} to prove you own this wallet.',
  'wallets.status.signing': 'Signing',
  'wallets.sign': 'Sign',
  'wallets.status.success': 'Successfully connected with {wallet}',
  'wallets.status.stillHere': 'Still here? Try connecting again',
  'wallets.qr.title': 'Scan code to connect to {wallet}',
  'wallets.qr.alt': 'QR code to connect to {wallet}',
  'wallets.mobile.title': 'Go to {wallet} to continue',
  'wallets.openInApp': 'Open in app',
  'wallets.copyLink': 'Copy link',
  'wallets.copied': 'Copied',
  'wallets.error.title': 'Could not connect with wallet',
  'wallets.error.user_exists': 'User already exists for this address',
  'wallets.error.user_exists.detail': 'Try another address!',
  'wallets.error.timed_out': 'Wallet request timed out',
  'wallets.error.timed_out.detail': 'Please try connecting again.',
  'wallets.error.connection': 'Could not log in with wallet',
  'wallets.error.rejected': 'You rejected the request',
  'wallets.error.rejected.signature': 'Signature rejected - Please try signing again.',
  'wallets.error.unable_to_link': 'Unable to link',
  'wallets.error.unable_to_link.detail': "You've reached the maximum number of linked wallets.",
  'wallets.retry': 'Try again',
  'wallets.cancel': 'Cancel',
  'wallets.differentWallet': 'Use a different wallet',
} as const

export type WalletCopyKey = keyof typeof walletsCopy

export const { t, useT } = translator({ ...copy, ...walletsCopy })
