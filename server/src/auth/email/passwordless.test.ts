import { describe, expect, it } from 'vitest'
import { describeOtpProperties, emailDriver, otpHarness } from '../otp/otp-suite.js'

const h = otpHarness(emailDriver)
describeOtpProperties(h)

describe('email only', () => {
  it('stores the address lower-case and answers with it', async () => {
    const email = emailDriver.fresh()
    const login = await h.login(email.toUpperCase())
    expect(login.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: email })])
  })

  it('refuses plus addresses when the app disables them', async () => {
    const app = await h.t.createApp({ name: 'No plus', disablePlusEmails: true })
    const response = await h.init('someone+tag@example.com', { appId: app.id })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('disallowed_plus_email')
    expect((await h.init('someone@example.com', { appId: app.id })).status).toBe(200)
  })
})
