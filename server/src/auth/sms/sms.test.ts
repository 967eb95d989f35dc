import { describe, expect, it } from 'vitest'
import { SMS_OTP_TTL_SECONDS } from '../../../../src/protocol/index.js'
import { resolveRateLimits } from '../../rate-limit/settings.js'
import { startTestServer } from '../../test-support/test-server.js'
import { describeOtpProperties, otpApp, otpHarness, smsDriver } from '../otp/otp-suite.js'

const h = otpHarness(smsDriver)
describeOtpProperties(h)

describe('SMS only', () => {
  it('stores the number in E.164 and answers it as the phone account', async () => {
    const e164 = smsDriver.fresh()
    expect((await h.init(smsDriver.respell(e164))).status).toBe(200)
    const login = await h.authenticate(e164, h.lastCode(e164))
    expect(login.status).toBe(200)
    expect(login.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', number: e164 })])
    expect(h.t.inbox.lastMessage(e164)).toMatchObject({ channel: 'sms', to: e164 })
  })

  it('texts a short code message without a subject', async () => {
    const e164 = smsDriver.fresh()
    await h.init(e164)
    const message = h.t.inbox.lastMessage(e164)
    expect(message.subject).toBeUndefined()
    expect(message.text).toBe(`${message.code} is your login code for OTP App. It expires in ${SMS_OTP_TTL_SECONDS / 60} minutes. Do not share it.`)
    expect(message.text.length).toBeLessThanOrEqual(160)
  })

  it('sends the code by WhatsApp when the app enables it', async () => {
    const app = await h.t.createApp({ ...otpApp, name: 'WhatsApp', whatsappEnabled: true })
    const e164 = smsDriver.fresh()
    expect((await h.init(e164, { appId: app.id })).status).toBe(200)
    const message = h.t.inbox.lastMessage(e164)
    expect(message.channel).toBe('whatsapp')
    expect((await h.authenticate(e164, message.code, {}, app.id)).status).toBe(200)
  })

  it("refuses regions the app lists as unsupported: 'This region is not supported'", async () => {
    const app = await h.t.createApp({ ...otpApp, name: 'No France', smsUnsupportedRegions: ['fr'] })
    const french = '+33 6 12 34 56 78'
    const response = await h.init(french, { appId: app.id })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ code: 'not_supported', error: 'SMS authentication from this region is not available' })
    expect(() => h.lastCode('+33612345678')).toThrow()
    expect((await h.init(smsDriver.fresh(), { appId: app.id })).status).toBe(200)
    // Another app has no such rule.
    expect((await h.init(french)).status).toBe(200)
  })

  it('caps sends per country calling code (default 50 an hour) with Retry-After (#8)', async () => {
    expect(resolveRateLimits().smsSendsPerCountryCode).toEqual({ max: 50, windowSeconds: 3600 })
    const rule = { max: 3, windowSeconds: 3600 }
    const capped = await startTestServer({ app: otpApp, server: { rateLimits: { smsSendsPerCountryCode: rule } } })
    const init = (phoneNumber: string, appId?: string) => capped.call('/api/v1/passwordless_sms/init', { body: { phoneNumber }, appId })
    try {
      for (let i = 0; i < rule.max; i++) expect((await init(smsDriver.fresh())).status).toBe(200)
      const refused = await init(smsDriver.fresh())
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('too_many_requests')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60)
      // Other calling codes and other apps have their own budget; the window ends after an hour.
      expect((await init('+33 6 12 34 56 79')).status).toBe(200)
      const other = await capped.createApp({ ...otpApp, name: 'Other' })
      expect((await init(smsDriver.fresh(), other.id)).status).toBe(200)
      capped.clock.advance(rule.windowSeconds)
      expect((await init(smsDriver.fresh())).status).toBe(200)
    } finally {
      await capped.close()
    }
  })

  it('takes the per-country-code cap from the options or TESSERA_SMS_PER_COUNTRY_CODE_PER_HOUR', () => {
    expect(resolveRateLimits({}, { TESSERA_SMS_PER_COUNTRY_CODE_PER_HOUR: '7' }).smsSendsPerCountryCode).toEqual({ max: 7, windowSeconds: 3600 })
    expect(resolveRateLimits({}, { TESSERA_SMS_PER_COUNTRY_CODE_PER_HOUR: 'lots' }).smsSendsPerCountryCode.max).toBe(50)
    const rule = { max: 3, windowSeconds: 60 }
    expect(resolveRateLimits({ smsSendsPerCountryCode: rule }, { TESSERA_SMS_PER_COUNTRY_CODE_PER_HOUR: '7' }).smsSendsPerCountryCode).toEqual(rule)
  })

  it('applies the allowlist to the E.164 number', async () => {
    const allowed = smsDriver.fresh()
    const app = await h.t.createApp({
      ...otpApp,
      name: 'Allowlist',
      allowlist: {
        enabled: true,
        entries: [smsDriver.respell(allowed).replace(/[()-]/g, '')],
        errorTitle: null,
        errorDetail: null,
        ctaText: null,
        ctaLink: null,
      },
    })
    expect((await h.login(allowed, app.id)).status).toBe(200)
    const denied = await h.login(smsDriver.fresh(), app.id)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe('allowlist_rejected')
  })
})
