import { describe, expect, it } from 'vitest'
import { copyForError } from './copy-for-error.js'
import { copy, t } from './en.js'

const context = { appName: 'Acme' }

describe('copyForError', () => {
  it('maps the spec codes to their screens', () => {
    expect(copyForError({ code: 'too_many_requests', status: 429 }, context)).toMatchObject({ title: 'Request failed', description: 'Too many attempts.', action: 'Try again later' })
    expect(copyForError({ code: 'disallowed_login_method', status: 403 }, context)).toMatchObject({ title: 'Not allowed', action: 'Try another method' })
    expect(copyForError({ code: 'user_does_not_exist', status: 403 }, context)).toMatchObject({
      title: 'Account not found',
      description: 'Please try logging in again or go to Acme to create an account.',
      action: 'Try logging in again',
    })
    expect(copyForError({ code: 'max_accounts_reached' }, context)).toMatchObject({ title: 'Unable to sign in', action: null })
    expect(copyForError({ code: 'max_accounts_reached' }, context).description).toMatch(/^This is a test application that has reached its user limit\./)
  })

  it('uses allowlist defaults and lets the app override all of them', () => {
    expect(copyForError({ code: 'allowlist_rejected' }, context)).toEqual({
      title: "You don't have access to this app",
      description: 'Have you been invited?',
      action: 'Try another account',
      actionLink: null,
    })
    const allowlist = { errorTitle: 'Closed beta', errorDetail: 'Join the waitlist', ctaText: 'Join', ctaLink: 'https://acme.test/wait' }
    expect(copyForError({ code: 'allowlist_rejected' }, { ...context, allowlist })).toEqual({
      title: 'Closed beta',
      description: 'Join the waitlist',
      action: 'Join',
      actionLink: 'https://acme.test/wait',
    })
  })

  it('shows the server message only for 400 and 422', () => {
    expect(copyForError({ code: 'invalid_data', status: 400, shortMessage: 'Email is required' }, context).description).toBe('Email is required')
    expect(copyForError({ code: 'invalid_data', status: 422, shortMessage: 'Bad field' }, context).description).toBe('Bad field')
    const hidden = copyForError({ code: 'internal_error', status: 500, shortMessage: 'stack trace at db.ts:12' }, context)
    expect(hidden).toMatchObject({ title: 'Something went wrong', description: t('error.generic.description') })
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
  })

  it('fills placeholders and leaves unknown ones', () => {
    expect(t('code.digitLabel', { index: 3 })).toBe('Digit 3 of 6')
    expect(t('landing.logoAlt')).toBe('{app} logo')
  })
})
