/** The Farcaster screen's strings (sign-in spec, "Screens and routes" and "The error catalogue"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const farcasterCopy = {
  'farcaster.title': 'Sign in with Farcaster',
  'farcaster.signingIn': 'Signing in with Farcaster',
  'farcaster.link.title': 'Link your Farcaster account',
  'farcaster.hint': 'To sign in with Farcaster, please open the Farcaster app.',
  'farcaster.qr.label': 'QR code to open in the Farcaster app',
  'farcaster.copyLink': 'Copy link',
  'farcaster.copied': 'Copied!',
  'farcaster.openApp': 'Open the Farcaster app',
  'farcaster.error.title': 'Authentication failed',
  'farcaster.error.linked': 'This account has already been linked to another user.',
  'farcaster.error.generic': 'Something went wrong. Try again.',
  'farcaster.error.tooManyRequests': 'Too many requests. Please wait before trying again.',
  'farcaster.error.timeout': 'The request timed out. Try again.',
  'farcaster.retry': 'Try again',
} as const

export const { t, useT } = translator({ ...copy, ...farcasterCopy })
