import { describe, expect, it } from 'vitest'
import { captchaCopy } from './captcha.js'
import { codeCopy } from './code.js'
import { copyForError } from './copy-for-error.js'
import { copy as landingCopy } from './en.js'
import { errorCopy, t as errorText } from './errors.js'
import { termsCopy } from './terms.js'
import { transferCopy } from './transfer.js'
import { translator } from './translator.js'

// Every table the tests read, as one.
const copy = { ...landingCopy, ...codeCopy, ...errorCopy, ...captchaCopy, ...termsCopy, ...transferCopy }
const { t } = translator(copy)

const context = { t: errorText, appName: 'Acme' }

describe('copyForError: the error screen table (sign-in spec, "The error catalogue")', () => {
  it('shows the server message only for 400 and 422', () => {
    expect(copyForError({ code: 'invalid_data', status: 400, shortMessage: 'Email is required' }, context)).toMatchObject({
      description: 'Email is required',
      action: 'Try again',
      actionTarget: 'previous',
    })
    expect(copyForError({ code: 'invalid_data', status: 422, shortMessage: 'Bad field' }, context).description).toBe('Bad field')
    const hidden = copyForError({ code: 'internal_error', status: 500, shortMessage: 'stack trace at db.ts:12' }, context)
    expect(hidden).toMatchObject({ title: 'Something went wrong', description: 'Something went wrong! Please try again later.' })
  })

  it("invalid captcha: 'Please try again.' and a retry of the previous screen", () => {
    expect(copyForError({ code: 'invalid_captcha', status: 400, shortMessage: 'Invalid captcha' }, context)).toMatchObject({
      description: 'Please try again.',
      action: 'Try again',
      actionTarget: 'previous',
    })
  })

  it("disallowed login method: 'Not allowed' with 'Try another method' back to the landing", () => {
    expect(copyForError({ code: 'disallowed_login_method', status: 403 }, context)).toMatchObject({
      title: 'Not allowed',
      action: 'Try another method',
      actionTarget: 'landing',
    })
  })

  it('allowlist: the defaults, and the app may override all three and give the link the button opens', () => {
    expect(copyForError({ code: 'allowlist_rejected' }, context)).toEqual({
      title: "You don't have access to this app",
      description: 'Have you been invited?',
      action: 'Try another account',
      actionLink: null,
      actionTarget: 'landing',
    })
    const allowlist = { errorTitle: 'Closed beta', errorDetail: 'Join the waitlist', ctaText: 'Join', ctaLink: 'https://acme.test/wait' }
    expect(copyForError({ code: 'allowlist_rejected' }, { ...context, allowlist })).toEqual({
      title: 'Closed beta',
      description: 'Join the waitlist',
      action: 'Join',
      actionLink: 'https://acme.test/wait',
      actionTarget: 'landing',
    })
    // Null overrides (the server config's empty fields) keep the defaults.
    const partial = { errorTitle: null, errorDetail: 'Ask for an invite', ctaText: null, ctaLink: null }
    expect(copyForError({ code: 'allowlist_rejected' }, { ...context, allowlist: partial })).toMatchObject({
      title: "You don't have access to this app",
      description: 'Ask for an invite',
      action: 'Try another account',
      actionLink: null,
    })
  })

  it('captcha failure and captcha timeout', () => {
    expect(copyForError({ code: 'captcha_failure' }, context)).toMatchObject({ description: 'You did not pass CAPTCHA. Please try again.' })
    expect(copyForError({ code: 'captcha_timeout', shortMessage: 'Captcha failed' }, context)).toMatchObject({
      description: 'Something went wrong! Please try again later.',
    })
  })

  it("linked to another user: 'Authentication failed', not retryable", () => {
    for (const step of ['submit-code', 'oauth', 'login'] as const)
      expect(copyForError({ code: 'linked_to_another_user', status: 400, shortMessage: 'raw' }, { ...context, step })).toEqual({
        title: 'Authentication failed',
        description: 'This account has already been linked to another user.',
        action: null,
        actionLink: null,
        actionTarget: 'previous',
      })
  })

  it("not supported: the region copy with 'Try another method'", () => {
    expect(copyForError({ code: 'not_supported', status: 400, shortMessage: 'raw' }, context)).toMatchObject({
      title: 'This region is not supported',
      description: 'SMS authentication from this region is not available',
      action: 'Try another method',
      actionTarget: 'landing',
    })
  })

  it('too many requests', () => {
    expect(copyForError({ code: 'too_many_requests', status: 429 }, context)).toMatchObject({
      title: 'Request failed',
      description: 'Too many attempts.',
      action: 'Try again later',
    })
  })

  it("user limit: 'Unable to sign in' without an action", () => {
    const limit = copyForError({ code: 'max_accounts_reached', status: 403 }, context)
    expect(limit).toMatchObject({ title: 'Unable to sign in', action: null })
    expect(limit.description).toBe(
      'This is a test application that has reached its user limit. To allow more users, this app needs to be upgraded to production.',
    )
  })

  it("account not found: 'Try logging in again' back to the landing, naming the app", () => {
    for (const code of ['user_does_not_exist', 'signup_disabled'])
      expect(copyForError({ code, status: 403 }, context)).toEqual({
        title: 'Account not found',
        description: 'Please try logging in again or go to Acme to create an account.',
        action: 'Try logging in again',
        actionLink: null,
        actionTarget: 'landing',
      })
  })
})

describe('copyForError: OAuth (sign-in spec, "The error catalogue": "OAuth")', () => {
  const oauth = { ...context, step: 'oauth' as const, method: 'github' }
  const detail = (code: string, shortMessage?: string) => copyForError({ code, status: 400, shortMessage }, oauth)

  it("titles every OAuth failure 'Authentication failed'", () => {
    for (const code of [
      'invalid_credentials',
      'oauth_user_denied',
      'too_many_requests',
      'oauth_account_suspended',
      'cannot_link_more_of_type',
      'oauth_unexpected',
      'oauth_state_mismatch',
      'unknown_auth_error',
    ])
      expect(detail(code).title).toBe('Authentication failed')
  })

  it('invalid credentials and user denied are retryable', () => {
    expect(detail('invalid_credentials')).toMatchObject({ description: 'Something went wrong. Try again.', action: 'Try again', actionTarget: 'previous' })
    expect(detail('oauth_user_denied')).toMatchObject({ description: t('error.oauth.userDenied'), action: 'Try again' })
  })

  it("too many requests says wait, with the provider's own rate limit told apart", () => {
    expect(detail('too_many_requests', 'Too many requests').description).toBe('Too many requests. Please wait before trying again.')
    expect(detail('too_many_requests', 'Provider rate limit exceeded').description).toBe(
      'Request limit reached for GitHub. Please wait a moment and try again.',
    )
  })

  it('suspended accounts try another method; a second account of a type cannot be authorized', () => {
    expect(detail('oauth_account_suspended')).toMatchObject({
      description: 'This account is suspended. Please try another login method.',
      actionTarget: 'landing',
    })
    expect(detail('cannot_link_more_of_type')).toMatchObject({ description: t('error.oauth.cannotLinkMore'), action: null })
    expect(detail('oauth_unexpected').description).toBe(t('error.oauth.unexpected'))
    expect(detail('unknown_auth_error').description).toBe('Invalid code during OAuth flow.')
  })

  it('a state mismatch is a possible phishing attempt', () => {
    expect(detail('oauth_state_mismatch').description).toBe('Unexpected auth flow. This may be a phishing attempt.')
    expect(copyForError({ code: 'oauth_state_mismatch' }, context).description).toBe('Unexpected auth flow. This may be a phishing attempt.')
  })

  it('falls back to the table for the other codes', () => {
    expect(detail('allowlist_rejected').title).toBe("You don't have access to this app")
    expect(detail('network_error').description).toBe(t('error.network.description'))
  })
})

describe('copyForError: code entry (sign-in spec, "The error catalogue": "Code entry")', () => {
  it("names the per-type link limit under 'Issue verifying code'", () => {
    expect(copyForError({ code: 'cannot_link_more_of_type', status: 400 }, { ...context, step: 'submit-code', method: 'email' })).toMatchObject({
      title: 'Issue verifying code',
      description: 'User already has an account of type email linked.',
      action: null,
    })
    expect(copyForError({ code: 'cannot_link_more_of_type', status: 400 }, { ...context, step: 'submit-code', method: 'sms' }).description).toBe(
      'User already has an account of type phone linked.',
    )
  })

  it("titles other verification failures 'Issue verifying code'", () => {
    expect(copyForError({ code: 'internal_error', status: 500 }, { ...context, step: 'submit-code' }).title).toBe('Issue verifying code')
  })
})

describe('copy table', () => {
  it('holds the spec strings verbatim', () => {
    expect(copy['landing.header']).toBe('Log in or sign up')
    expect(copy['code.title']).toBe('Enter confirmation code')
    expect(copy['code.resend']).toBe('Resend code')
    expect(copy['code.sent']).toBe('Code sent')
    expect(copy['code.incorrect']).toBe('Incorrect code')
    expect(copy['code.notNumeric']).toBe('Code should be numeric')
    expect(copy['landing.email.plusAddress']).toBe("Please enter a valid email address without a '+'.")
    expect(copy['footer.agree']).toBe(copy['footer.agreePrefix'] + copy['footer.terms'] + copy['footer.and'] + copy['footer.privacy'])
    expect(copy['captcha.checking']).toBe('Checking that you are a human...')
    expect(copy['captcha.error.hint']).toBe('If you use an adblocker or VPN, try disabling and re-attempting.')
    expect(copy['terms.title']).toBe('One last step')
    expect(t('transfer.title', { account: t('transfer.account.sms') })).toBe('Phone number is associated with another account')
    expect(t('transfer.description', { handle: 'ada@example.com' })).toBe(
      'Do you want to transfer ada@example.com to this account instead? This will delete your other account.',
    )
    expect(copy['transfer.assets.title']).toBe('Check account assets before transferring')
  })

  it('fills placeholders and leaves unknown ones', () => {
    expect(t('code.digitLabel', { index: 3 })).toBe('Digit 3 of 6')
    expect(t('landing.logoAlt')).toBe('{app} logo')
  })
})

describe('copyForError: a refused origin (issue 15)', () => {
  it('names the origin and how to allow it, with a retry', () => {
    const refused = copyForError(
      { code: 'invalid_origin', status: 403, data: { origin: 'http://demo.tessera.test:5173', app_id: 'app-0000000000000000000001' } },
      context,
    )
    expect(refused).toMatchObject({ title: 'This site is not allowed', action: 'Try again', actionTarget: 'previous' })
    expect(refused.description).toBe(
      'http://demo.tessera.test:5173 is not one of the allowed origins of Acme. To allow it, run tessera-server apps update app-0000000000000000000001 --add-origin http://demo.tessera.test:5173 (with npm start, set TESSERA_ALLOWED_ORIGINS=http://demo.tessera.test:5173).',
    )
  })

  it('an invalid_origin without an origin (a cross-site refusal) keeps the generic copy', () => {
    expect(copyForError({ code: 'invalid_origin', status: 403 }, context)).toMatchObject({
      title: 'Something went wrong',
      description: 'Something went wrong! Please try again later.',
    })
  })
})
