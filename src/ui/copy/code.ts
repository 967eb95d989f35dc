/** The code-entry screen's strings (sign-in spec, "Screens and routes" and "States and transitions"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const codeCopy = {
  'code.title': 'Enter confirmation code',
  'code.description': 'Please check {email} for an email from {app} and enter your code below.',
  'code.digitLabel': 'Digit {index} of 6',
  'code.groupLabel': 'Confirmation code',
  'code.resend': 'Resend code',
  'code.sent': 'Code sent',
  'code.sentCountdown': 'Code sent ({seconds}s)',
  'code.incorrect': 'Incorrect code',
  'code.notNumeric': 'Code should be numeric',
  'code.submitting': 'Verifying…',
  'code.description.sms': 'Please check {phone} for a text message from {app} and enter your code below.',
  'code.description.whatsapp': 'Please check WhatsApp on {phone} for a message from {app} and enter your code below.',
} as const

export const { t, useT } = translator({ ...copy, ...codeCopy })
