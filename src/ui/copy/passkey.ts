/** The passkey screens' strings (sign-in spec, "Screens and routes" and "The error catalogue"), loaded with them. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const passkeyCopy = {
  'passkey.waiting': 'Waiting for passkey',
  'passkey.waiting.description': 'Use the passkey prompt from your browser or device to continue.',
  'passkey.success': 'Success',
  'passkey.error': 'Something went wrong',
  'passkey.retry': 'Try again',
  'passkey.choice.title': 'Log in or create a new account?',
  'passkey.choice.signup': 'Create new account',
  'passkey.choice.login': 'Log in with a passkey',
  'passkey.error.notAllowed': 'Passkey request timed out or rejected by user.',
  'passkey.error.notSupported': 'WebAuthn is not supported in this browser',
  'passkey.error.insecureContext': 'Passkeys need a secure page. Open this site over https to use one.',
  'passkey.error.cannotLinkMore': 'Cannot link more passkeys to account.',
  'passkey.error.unknown': 'Unknown error occurred.',
} as const

export const { t, useT } = translator({ ...copy, ...passkeyCopy })
