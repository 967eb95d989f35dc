/** The terms screen's strings (sign-in spec, "States and transitions"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const termsCopy = {
  'terms.title': 'One last step',
  'terms.description': 'By signing up, you agree to our terms and privacy policy.',
  'terms.accept': 'Accept',
  'terms.decline': 'No thanks',
  'terms.viewTerms': 'View Terms',
  'terms.viewPrivacy': 'View Privacy Policy',
} as const

export const { t, useT } = translator({ ...copy, ...termsCopy })
