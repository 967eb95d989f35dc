/** The landing's 'About logging in' panel strings, loaded with the panel. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const infoCopy = {
  'landing.info.title': 'About logging in',
  'landing.info.body':
    'Choose how to log in. New here? The same step creates your account. A one-time code goes to your email or phone; social logins open the provider in a pop-up window.',
  'landing.info.close': 'Got it',
} as const

export const { t, useT } = translator({ ...copy, ...infoCopy })
