/** The cross-app screen's strings (wallet spec, "Screens and routes": "Cross-app and delegation"; "The error catalogue": "Cross-app"), loaded with it. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const crossAppCopy = {
  'crossApp.connecting': 'Connecting to {app}',
  'crossApp.connecting.description': 'Log in and confirm in the {app} window that opened. Keep this page open.',
  'crossApp.authenticating': 'Verifying your {app} account…',
  'crossApp.success': 'Connected to {app}',
  'crossApp.success.description': 'Your {app} account is connected.',
  'crossApp.error': 'Could not connect to {app}',
  'crossApp.start': 'Connect your {app} account',
  'crossApp.retry': 'Try again',
  'crossApp.link.title': 'Link your {app} account',
  'crossApp.error.rejected': 'User rejected request',
  'crossApp.error.timeout': 'Authorization request timed out after 2 minutes.',
  'crossApp.error.invalidApp': 'Invalid connected app',
  'crossApp.error.invalidCode': 'Invalid code during cross-app auth flow.',
  'crossApp.error.phishing': 'Unexpected auth flow. This may be a phishing attempt.',
  'crossApp.error.generic': 'There was an issue connecting your {app} account. Please try again.',
} as const

export const { t, useT } = translator({ ...copy, ...crossAppCopy })
