import { describe, expect, it } from 'vitest'
import type { User } from '../../core/index.js'
import { initialScreen, intentTitle, otpSendOptions } from './intent.js'

const user = { email: { address: 'old@example.com' }, phone: { number: '+14155552671' } } as User

describe('initialScreen', () => {
  it('opens link and update on the method, sign-in on the landing', () => {
    expect(initialScreen({ intent: 'login' })).toBe('landing')
    expect(initialScreen({ intent: 'link', method: 'email' })).toBe('landing')
    expect(initialScreen({ intent: 'update', method: 'sms' })).toBe('phone')
    expect(initialScreen({ intent: 'link', method: 'github' })).toBe('oauth')
  })

  it('opens connect-or-create on its own screen', () => {
    expect(initialScreen({ intent: 'connect-or-create' })).toBe('wallet-connect-or-create')
  })
})

describe('otpSendOptions', () => {
  it('signs in by default and passes the CAPTCHA token', () => {
    expect(otpSendOptions({ intent: 'login' }, 'email', null, undefined)).toEqual({})
    expect(otpSendOptions({ intent: 'login' }, 'sms', null, 'tok')).toEqual({ captchaToken: 'tok' })
  })

  it('links, or updates with the current address or number as the previous one', () => {
    expect(otpSendOptions({ intent: 'link', method: 'sms' }, 'sms', user, undefined)).toEqual({ intent: 'link' })
    expect(otpSendOptions({ intent: 'update', method: 'email' }, 'email', user, undefined)).toEqual({ intent: 'update', previousIdentifier: 'old@example.com' })
    expect(otpSendOptions({ intent: 'update', method: 'sms' }, 'sms', user, 'tok')).toEqual({
      captchaToken: 'tok',
      intent: 'update',
      previousIdentifier: '+14155552671',
    })
  })

  it('keeps a request for another channel out of this one', () => {
    expect(otpSendOptions({ intent: 'link', method: 'email' }, 'sms', user, undefined)).toEqual({})
  })
})

describe('intentTitle', () => {
  it('titles link and update screens', () => {
    expect(intentTitle({ intent: 'login' }, 'email')).toBeNull()
    expect(intentTitle({ intent: 'link', method: 'email' }, 'email')).toBe('link.email.title')
    expect(intentTitle({ intent: 'update', method: 'sms' }, 'sms')).toBe('update.sms.title')
  })
})
