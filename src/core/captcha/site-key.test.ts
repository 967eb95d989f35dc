import { describe, expect, it } from 'vitest'
import { captchaStateFor, parseCaptchaSiteKey } from './site-key.js'

describe('CAPTCHA site keys', () => {
  it("reads 't:' as Turnstile and 'a:' as the embedded ALTCHA", () => {
    expect(parseCaptchaSiteKey('t:0x4AAAAAAB')).toEqual({ provider: 'turnstile', key: '0x4AAAAAAB' })
    expect(parseCaptchaSiteKey('a:tessera-test-app-00000001')).toEqual({ provider: 'altcha', key: 'tessera-test-app-00000001' })
  })

  it.each([null, '', 't:', 'a:', 'h:hcaptcha-key', '0x4AAAAAAB'])("refuses %j with 'Unsupported captcha site key'", (key) => {
    expect(() => parseCaptchaSiteKey(key)).toThrow(expect.objectContaining({ code: 'invalid_config', shortMessage: 'Unsupported captcha site key' }))
  })

  it('rests disabled when CAPTCHA is off, ready when on, in error for a bad key', () => {
    expect(captchaStateFor({ captchaEnabled: false, captchaSiteKey: 't:key' })).toEqual({ status: 'disabled', provider: null, token: null, error: null })
    expect(captchaStateFor({ captchaEnabled: true, captchaSiteKey: 't:key' })).toEqual({ status: 'ready', provider: 'turnstile', token: null, error: null })
    expect(captchaStateFor({ captchaEnabled: true, captchaSiteKey: 'x:key' })).toEqual({
      status: 'error',
      provider: null,
      token: null,
      error: 'Unsupported captcha site key',
    })
  })
})
