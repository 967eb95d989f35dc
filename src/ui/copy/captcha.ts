/** The CAPTCHA screen's strings (sign-in spec, "States and transitions"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const captchaCopy = {
  'captcha.checking': 'Checking that you are a human...',
  'captcha.success.title': 'Success!',
  'captcha.success.description': 'CAPTCHA passed successfully.',
  'captcha.error.title': 'Something went wrong',
  'captcha.error.description': 'You did not pass CAPTCHA. Please try again.',
  'captcha.error.hint': 'If you use an adblocker or VPN, try disabling and re-attempting.',
  'captcha.retry': 'Try again',
  'captcha.continue': 'Continue',
} as const

export const { t, useT } = translator({ ...copy, ...captchaCopy })
