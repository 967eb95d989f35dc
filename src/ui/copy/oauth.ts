/** The OAuth status screen's strings (sign-in spec, "Screens and routes" and "Validation rules"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const oauthCopy = {
  'oauth.title': 'Log in with {provider}',
  'oauth.waiting': 'Waiting for {provider}',
  'oauth.description': 'Finish in the {provider} window that opened. Keep this page open.',
  'oauth.authenticating': 'Verifying your {provider} account…',
  'oauth.start': 'Continue with {provider}',
  'link.oauth.title': 'Link your {provider} account',
} as const

export const { t, useT } = translator({ ...copy, ...oauthCopy })
