/** The key export and import screens' strings (funding spec, "Screens and routes": "Key export"; wallet spec, "States and transitions": private-key import), loaded with them. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const keyExportCopy = {
  'keyExport.title': 'Export wallet',
  'keyExport.description': 'Copy either your private key or seed phrase to export your wallet.',
  'keyExport.warning': 'Never share your private key or seed phrase with anyone.',
  'keyExport.frame': 'Your private key',
  'keyExport.loading': 'Loading your wallet...',
  'keyExport.failed': 'Unable to load this wallet. Please try again.',
  'keyExport.notFound': 'This wallet is not one of your embedded wallets.',
  'keyImport.title': 'Import wallet',
  'keyImport.description': 'Paste the private key of a wallet to use it here. It is kept like your other wallets: split, and never sent whole.',
  'keyImport.chain': 'Network',
  'keyImport.field': 'Private key',
  'keyImport.submit': 'Import wallet',
  'keyImport.invalid': 'Invalid private key',
  'keyImport.failed': 'Unable to import this wallet. Please try again.',
  'keyImport.done': 'Wallet imported',
  'wallet.chain.ethereum': 'Ethereum',
  'wallet.chain.solana': 'Solana',
  'wallet.imported': 'Imported',
} as const

export const { t, useT } = translator({ ...copy, ...keyExportCopy })
