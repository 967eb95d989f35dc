/** The Telegram status screen's strings (sign-in spec, "Screens and routes" and "The error catalogue"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const telegramCopy = {
  'telegram.title': 'Log in with Telegram',
  'telegram.link.title': 'Link your Telegram account',
  'telegram.waiting': 'Waiting for Telegram',
  'telegram.waiting.description': 'Finish in the Telegram window that opened. Keep this page open.',
  'telegram.verifying': 'Verifying connection to Telegram',
  'telegram.success': 'Successfully connected with Telegram',
  'telegram.start': 'Continue with Telegram',
  'telegram.error': 'Authentication failed',
  'telegram.retry': 'Try again',
  'telegram.error.linked': 'This account has already been linked to another user.',
  'telegram.error.notAllowed': 'Login with Telegram not allowed.',
  'telegram.error.retry': 'Something went wrong. Try again.',
  'telegram.error.tooManyRequests': 'Too many requests. Please wait before trying again.',
  'telegram.error.rateLimit': 'Request limit reached for Telegram. Please wait a moment and try again.',
} as const

export const { t, useT } = translator({ ...copy, ...telegramCopy })

/** Sign-in spec, "The error catalogue": "Telegram": the detail for an error (in the element's language with `useT()`'s translate), and whether a retry is offered. */
export function telegramErrorCopy(
  error: { code: string; shortMessage?: string | undefined },
  translate: typeof t = t,
): { description: string; retryable: boolean } {
  switch (error.code) {
    case 'linked_to_another_user':
      return { description: translate('telegram.error.linked'), retryable: false }
    case 'disallowed_login_method':
      return { description: translate('telegram.error.notAllowed'), retryable: false }
    case 'too_many_requests':
      return {
        description: translate(/rate.?limit/i.test(error.shortMessage ?? '') ? 'telegram.error.rateLimit' : 'telegram.error.tooManyRequests'),
        retryable: false,
      }
  }
  // Invalid data, cannot link more of type, invalid credentials, CAPTCHA failures and anything unexpected.
  return { description: translate('telegram.error.retry'), retryable: true }
}
