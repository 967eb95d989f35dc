/** The error screens' strings (sign-in spec, "The error catalogue": "Error screen mapping", "OAuth", "Code entry"), loaded with them. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const errorCopy = {
  'code.issue': 'Issue verifying code',
  'code.linkLimit': 'User already has an account of type {type} linked.',
  'error.generic.title': 'Something went wrong',
  'error.generic.description': 'Something went wrong! Please try again later.',
  'error.generic.action': 'Try again',
  'error.tooManyRequests.title': 'Request failed',
  'error.tooManyRequests.description': 'Too many attempts.',
  'error.tooManyRequests.action': 'Try again later',
  'error.notAllowed.title': 'Not allowed',
  'error.notAllowed.description': 'This login method is not allowed for this app.',
  'error.notAllowed.action': 'Try another method',
  'error.accountNotFound.title': 'Account not found',
  'error.accountNotFound.description': 'Please try logging in again or go to {app} to create an account.',
  'error.accountNotFound.action': 'Try logging in again',
  'error.userLimit.title': 'Unable to sign in',
  'error.userLimit.description':
    'This is a test application that has reached its user limit. To allow more users, this app needs to be upgraded to production.',
  'error.allowlist.title': "You don't have access to this app",
  'error.allowlist.description': 'Have you been invited?',
  'error.allowlist.action': 'Try another account',
  'error.invalidRequest.title': 'Request failed',
  'error.network.description': 'Could not reach the server. Check your connection and try again.',
  'error.originNotAllowed.title': 'This site is not allowed',
  'error.originNotAllowed.description':
    '{origin} is not one of the allowed origins of {app}. To allow it, run tessera-server apps update {appId} --add-origin {origin} (with npm start, set TESSERA_ALLOWED_ORIGINS={origin}).',
  'error.timeout.description': 'Request timed out',
  'error.invalidCaptcha.description': 'Please try again.',
  'error.captchaFailure.description': 'You did not pass CAPTCHA. Please try again.',
  'error.authFailed.title': 'Authentication failed',
  'error.linked.description': 'This account has already been linked to another user.',
  'error.notSupported.title': 'This region is not supported',
  'error.notSupported.description': 'SMS authentication from this region is not available',
  'error.oauth.retry': 'Something went wrong. Try again.',
  'error.oauth.userDenied': 'The request was declined. Try again and approve access.',
  'error.oauth.tooManyRequests': 'Too many requests. Please wait before trying again.',
  'error.oauth.providerRateLimit': 'Request limit reached for {provider}. Please wait a moment and try again.',
  'error.oauth.suspended': 'This account is suspended. Please try another login method.',
  'error.oauth.cannotLinkMore': 'More than one account of this type cannot be authorized for this user.',
  'error.oauth.unexpected': 'Could not connect with the other app. Try again.',
  'error.oauth.phishing': 'Unexpected auth flow. This may be a phishing attempt.',
  'error.oauth.invalidCode': 'Invalid code during OAuth flow.',
} as const

export const { t, useT } = translator({ ...copy, ...errorCopy })
