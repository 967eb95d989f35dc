/** The Farcaster signer screen's strings (wallet spec, "States and transitions" and "The error catalogue": "Farcaster signer"), loaded with it. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const farcasterSignerCopy = {
  'farcasterSigner.title': 'Add a Farcaster signer',
  'farcasterSigner.starting': 'Preparing your signer key...',
  'farcasterSigner.hint': 'Scan the code with your phone or open the link, then approve the request in the Farcaster app.',
  'farcasterSigner.qr.label': 'QR code of the signer approval link, to open in the Farcaster app',
  'farcasterSigner.openApp': 'Open in Farcaster',
  'farcasterSigner.copyLink': 'Copy link',
  'farcasterSigner.copied': 'Copied!',
  'farcasterSigner.waiting': 'Waiting for approval...',
  'farcasterSigner.done.title': 'Signer added',
  'farcasterSigner.done': 'This app can now post to Farcaster for you.',
  'farcasterSigner.rejected': 'Request rejected',
  'farcasterSigner.failed': 'Connect failed',
  'farcasterSigner.timeout': 'The request timed out. Try again.',
  'farcasterSigner.retry': 'Try again',
} as const

export const { t, useT } = translator({ ...copy, ...farcasterSignerCopy })
