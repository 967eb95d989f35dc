/** The cloud backup and recovery screens' strings (wallet spec, "Screens and routes": "Recovery with a cloud provider"), loaded with them. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const cloudRecoveryCopy = {
  'cloud.provider.google-drive': 'Google Drive',
  'cloud.provider.icloud': 'Apple iCloud',
  'cloud.backup.title': 'Back up to {provider}',
  'cloud.confirm.title': "Confirm it's really you",
  'cloud.confirm.detail': 'Please verify that you are selecting the {provider} account associated with your backup.',
  'cloud.confirm.submit': 'Confirm with {provider}',
  'cloud.recovering': 'Recovering with',
  'cloud.backingUp': 'Backing up with',
  'cloud.recovered': 'Successfully recovered with {provider}.',
  'cloud.backedUp': 'Successfully backed up with {provider}.',
  'cloud.recoveryFailed': 'Recovery with {provider} unsuccessful',
  'cloud.backupFailed': 'Back up with {provider} unsuccessful',
  'cloud.retry': 'Try again',
} as const

export const { t, useT } = translator({ ...copy, ...cloudRecoveryCopy })
