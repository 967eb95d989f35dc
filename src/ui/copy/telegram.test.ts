import { describe, expect, it } from 'vitest'
import { telegramErrorCopy } from './telegram.js'

describe('Telegram error copy (sign-in spec, "The error catalogue": "Telegram")', () => {
  it('names the account linked elsewhere and the disallowed method, without a retry', () => {
    expect(telegramErrorCopy({ code: 'linked_to_another_user' })).toEqual({
      description: 'This account has already been linked to another user.',
      retryable: false,
    })
    expect(telegramErrorCopy({ code: 'disallowed_login_method' })).toEqual({ description: 'Login with Telegram not allowed.', retryable: false })
  })

  it('asks to wait on too many requests, with Telegram named when the message is about a rate limit', () => {
    expect(telegramErrorCopy({ code: 'too_many_requests', shortMessage: 'Too many requests' }).description).toBe(
      'Too many requests. Please wait before trying again.',
    )
    expect(telegramErrorCopy({ code: 'too_many_requests', shortMessage: 'Telegram rate limit exceeded' }).description).toBe(
      'Request limit reached for Telegram. Please wait a moment and try again.',
    )
  })

  it('offers a retry for invalid data, a link limit, invalid credentials and CAPTCHA failures', () => {
    for (const code of ['invalid_data', 'cannot_link_more_of_type', 'invalid_credentials', 'invalid_captcha', 'captcha_failure', 'exited_auth_flow']) {
      expect(telegramErrorCopy({ code })).toEqual({ description: 'Something went wrong. Try again.', retryable: true })
    }
  })
})
