import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEV_APP_ID } from '../../../src/protocol/index.js'
import { startSmtpSink } from '../test-support/smtp-sink.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { startTwilioSink, type TwilioSink } from '../test-support/twilio-sink.js'
import { createTwilioDelivery } from './twilio.js'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  vi.restoreAllMocks()
})

describe('dev outbox', () => {
  it('stores codes, prints one line each and serves them newest first', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line)
    })
    t = await startTestServer({ realDelivery: true, server: { dev: true, quiet: false } })
    const config = await t.call(`/api/v1/apps/${DEV_APP_ID}`, { appId: null, headers: { origin: 'http://localhost:5173' } })
    expect(config.status).toBe(200)
    expect(config.body.name).toBe('Tessera Dev')
    expect(config.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect((await t.call(`/api/v1/apps/${DEV_APP_ID}`, { appId: null, headers: { origin: 'http://127.0.0.1:8080' } })).status).toBe(200)

    for (const email of ['first@example.com', 'second@example.com']) {
      expect((await t.call('/api/v1/passwordless/init', { body: { email }, appId: DEV_APP_ID })).status).toBe(200)
    }
    const outbox = await t.call('/dev/outbox.json', { appId: null })
    expect(outbox.status).toBe(200)
    expect(outbox.body).toHaveLength(2)
    expect(outbox.body[0]).toMatchObject({ to: 'second@example.com', channel: 'email', code: expect.stringMatching(/^\d{6}$/) })
    expect(outbox.body[0].subject).toContain(outbox.body[0].code)
    expect(outbox.body[0].text).toContain(outbox.body[0].code)
    expect(typeof outbox.body[0].sent_at).toBe('number')
    expect(outbox.body[1].to).toBe('first@example.com')
    expect(lines).toContain(`[outbox] email to second@example.com: code ${outbox.body[0].code}`)

    const page = await fetch(`${t.url}/dev/outbox`)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain(outbox.body[0].code)

    const login = await t.call('/api/v1/passwordless/authenticate', { body: { email: 'second@example.com', code: outbox.body[0].code }, appId: DEV_APP_ID })
    expect(login.status).toBe(200)
  })
})

describe('dev outbox origins (docs/security.md #64)', () => {
  it("answers the dev app's allowed origins only: another origin gets no CORS header and no code", async () => {
    t = await startTestServer({ realDelivery: true, server: { dev: true } })
    expect((await t.call('/api/v1/passwordless/init', { body: { email: 'origins@example.com' }, appId: DEV_APP_ID })).status).toBe(200)
    const allowed = await t.call('/dev/outbox.json', { appId: null, headers: { origin: 'http://localhost:5173' } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const code = allowed.body[0].code as string
    expect(code).toMatch(/^\d{6}$/)

    for (const path of ['/dev/outbox.json', '/dev/outbox']) {
      const foreign = await fetch(`${t.url}${path}`, { headers: { origin: 'https://evil.example' } })
      expect(foreign.status).toBe(403)
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
      const body = await foreign.text()
      expect(body).not.toContain(code)
      expect(JSON.parse(body)).toEqual({ code: 'invalid_origin', error: 'Origin not allowed for this app' })
    }
    // The outbox page itself (a same-origin visit sends no Origin) still shows the code.
    expect(await (await fetch(`${t.url}/dev/outbox`)).text()).toContain(code)
  })
})

describe('dev outbox texts', () => {
  it('keeps SMS and WhatsApp codes with their channel', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line)
    })
    t = await startTestServer({ realDelivery: true, server: { dev: true, quiet: false }, app: { loginMethods: ['email', 'sms'] } })
    const whatsapp = await t.createApp({ name: 'WhatsApp', loginMethods: ['sms'], whatsappEnabled: true })
    expect((await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+1 415 200 0001' } })).status).toBe(200)
    expect((await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+1 415 200 0002' }, appId: whatsapp.id })).status).toBe(200)
    expect((await t.call('/api/v1/passwordless/init', { body: { email: 'mixed@example.com' } })).status).toBe(200)
    const outbox = (await t.call('/dev/outbox.json', { appId: null })).body
    expect(outbox.map((entry: { channel: string; to: string }) => [entry.channel, entry.to])).toEqual([
      ['email', 'mixed@example.com'],
      ['whatsapp', '+14152000002'],
      ['sms', '+14152000001'],
    ])
    expect(outbox[2]).toMatchObject({ subject: '', code: expect.stringMatching(/^\d{6}$/) })
    expect(outbox[2].text).toContain(outbox[2].code)
    expect(lines).toContain(`[outbox] sms to +14152000001: code ${outbox[2].code}`)
    expect(await (await fetch(`${t.url}/dev/outbox`)).text()).toContain('<td>whatsapp</td>')
    const login = await t.call('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber: '+14152000001', code: outbox[2].code } })
    expect(login.status).toBe(200)
  })
})

describe('without dev mode or SMTP', () => {
  it('refuses to send codes with 400 feature_not_enabled', async () => {
    const previous = process.env.SMTP_URL
    delete process.env.SMTP_URL
    try {
      t = await startTestServer({ realDelivery: true })
      const response = await t.call('/api/v1/passwordless/init', { body: { email: 'nosmtp@example.com' } })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('feature_not_enabled')
      const sms = await t.call('/api/v1/passwordless_sms/init', {
        body: { phoneNumber: '+1 415 200 0003' },
        appId: (await t.createApp({ name: 'SMS', loginMethods: ['sms'] })).id,
      })
      expect(sms.status).toBe(400)
      expect(sms.body.code).toBe('feature_not_enabled')
    } finally {
      if (previous !== undefined) process.env.SMTP_URL = previous
    }
  })
})

describe('SMTP delivery', () => {
  const env = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM }
  afterEach(() => {
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })

  it('sends the code by email through SMTP_URL from MAIL_FROM', async () => {
    const sink = await startSmtpSink()
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${sink.port}`
      process.env.MAIL_FROM = 'Tessera <login@tessera.test>'
      t = await startTestServer({ realDelivery: true })
      expect((await t.call('/api/v1/passwordless/init', { body: { email: 'Mailer@Example.com' } })).status).toBe(200)
      expect(sink.mails).toHaveLength(1)
      const mail = sink.mails[0]!
      expect(mail.from).toContain('login@tessera.test')
      expect(mail.to.join()).toContain('mailer@example.com')
      const code = /is (\d{6})\./.exec(mail.data)?.[1]
      expect(code).toMatch(/^\d{6}$/)
      expect(mail.data).toContain(`Subject: ${code} is your login code for Test App`)
      const login = await t.call('/api/v1/passwordless/authenticate', { body: { email: 'mailer@example.com', code } })
      expect(login.status).toBe(200)
      expect((await t.call('/dev/outbox.json', { appId: null })).status).toBe(404)
    } finally {
      await sink.close()
    }
  })

  it('answers 503 without details when the SMTP server is unreachable', async () => {
    const sink = await startSmtpSink()
    const port = sink.port
    await sink.close()
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
    const errors: string[] = []
    const sink2 = new Writable({
      write(chunk, _encoding, done) {
        errors.push(String(chunk))
        done()
      },
    })
    t = await startTestServer({ realDelivery: true, overrides: { logger: pino({ level: 'error' }, sink2) } })
    const response = await t.call('/api/v1/passwordless/init', { body: { email: 'down@example.com' } })
    expect(response.status).toBe(503)
    expect(response.body).toEqual({ error: 'Could not send the email, try again later', code: 'internal_error' })
    expect(errors.join()).toContain('code delivery failed')
  })
})

describe('Twilio adapter', () => {
  let sink: TwilioSink | undefined
  afterEach(async () => {
    await sink?.close()
    sink = undefined
  })
  const settings = (s: TwilioSink) => ({ accountSid: s.accountSid, authToken: s.authToken, from: '+15005550006', whatsappFrom: '+14155238886', apiUrl: s.url })
  const text = (channel: 'sms' | 'whatsapp', to = '+14152000001') => ({ appId: 'app', to, channel, code: '123456', text: '123456 is your code' })

  it('posts To, From and Body with basic auth; WhatsApp prefixes both numbers', async () => {
    sink = await startTwilioSink()
    const twilio = createTwilioDelivery(settings(sink))
    expect(twilio.channels).toEqual(['sms', 'whatsapp'])
    await twilio.send(text('sms'))
    await twilio.send(text('whatsapp'))
    expect(sink.texts).toEqual([
      { accountSid: sink.accountSid, to: '+14152000001', from: '+15005550006', body: '123456 is your code' },
      { accountSid: sink.accountSid, to: 'whatsapp:+14152000001', from: 'whatsapp:+14155238886', body: '123456 is your code' },
    ])
    expect(createTwilioDelivery({ ...settings(sink), whatsappFrom: null }).channels).toEqual(['sms'])
  })

  it("throws Twilio's error code and message, never the text", async () => {
    sink = await startTwilioSink()
    await expect(createTwilioDelivery({ ...settings(sink), authToken: 'wrong' }).send(text('sms'))).rejects.toThrow(
      'Twilio answered 401 (error 20003): Authenticate',
    )
    await expect(createTwilioDelivery(settings(sink)).send(text('sms', '12'))).rejects.toThrow(/400 \(error 21211\)/)
    sink.failNext({ status: 429, code: 20429, message: 'Too Many Requests' })
    const failure = await createTwilioDelivery(settings(sink))
      .send(text('sms'))
      .catch((error: Error) => error)
    expect(String(failure)).toContain('Too Many Requests')
    expect(String(failure)).not.toContain('123456')
    expect(sink.texts).toHaveLength(0)
  })

  describe('as the server delivery (TWILIO_* environment)', () => {
    const keys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_WHATSAPP_FROM', 'TWILIO_API_URL', 'SMTP_URL'] as const
    const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]))
    afterEach(() => {
      for (const key of keys) {
        if (saved[key] === undefined) delete process.env[key]
        else process.env[key] = saved[key]
      }
    })
    const useSink = (s: TwilioSink) => {
      process.env.TWILIO_ACCOUNT_SID = s.accountSid
      process.env.TWILIO_AUTH_TOKEN = s.authToken
      process.env.TWILIO_FROM = '+15005550006'
      process.env.TWILIO_WHATSAPP_FROM = 'whatsapp:+14155238886'
      process.env.TWILIO_API_URL = s.url
      delete process.env.SMTP_URL
    }

    it('texts the code that signs in; email still needs SMTP', async () => {
      sink = await startTwilioSink()
      useSink(sink)
      t = await startTestServer({ realDelivery: true, app: { name: 'Texts', loginMethods: ['email', 'sms'] } })
      expect((await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+1 415 200 0004' } })).status).toBe(200)
      expect(sink.texts).toHaveLength(1)
      const sent = sink.texts[0]!
      expect(sent).toMatchObject({ to: '+14152000004', from: '+15005550006' })
      const code = /^(\d{6}) is your login code for Texts\./.exec(sent.body)?.[1]
      expect(code).toMatch(/^\d{6}$/)
      expect((await t.call('/api/v1/passwordless_sms/authenticate', { body: { phoneNumber: '+14152000004', code } })).status).toBe(200)
      expect((await t.call('/api/v1/passwordless/init', { body: { email: 'nosmtp@example.com' } })).body.code).toBe('feature_not_enabled')
      expect((await t.call('/dev/outbox.json', { appId: null })).status).toBe(404)
    })

    it('sends texts through Twilio in dev mode too, while email goes to the outbox', async () => {
      sink = await startTwilioSink()
      useSink(sink)
      t = await startTestServer({ realDelivery: true, server: { dev: true }, app: { loginMethods: ['email', 'sms'] } })
      const whatsapp = await t.createApp({ name: 'WhatsApp', loginMethods: ['sms'], whatsappEnabled: true })
      expect((await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+1 415 200 0005' }, appId: whatsapp.id })).status).toBe(200)
      expect((await t.call('/api/v1/passwordless/init', { body: { email: 'dev@example.com' } })).status).toBe(200)
      expect(sink.texts.map((sent) => sent.to)).toEqual(['whatsapp:+14152000005'])
      expect((await t.call('/dev/outbox.json', { appId: null })).body.map((entry: { channel: string }) => entry.channel)).toEqual(['email'])
    })

    it('answers 503 without details when Twilio refuses, and logs no code', async () => {
      sink = await startTwilioSink()
      useSink(sink)
      const logged: string[] = []
      const logSink = new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk))
          done()
        },
      })
      t = await startTestServer({ realDelivery: true, app: { loginMethods: ['sms'] }, overrides: { logger: pino({ level: 'debug' }, logSink) } })
      sink.failNext({ status: 400, code: 21408, message: 'Permission to send an SMS has not been enabled for the region indicated by the To number' })
      const response = await t.call('/api/v1/passwordless_sms/init', { body: { phoneNumber: '+1 415 200 0006' } })
      expect(response.status).toBe(503)
      expect(response.body).toEqual({ error: 'Could not send the SMS, try again later', code: 'internal_error' })
      expect(logged.join()).toContain('error 21408')
      const [row] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM otp_codes WHERE identifier = '+14152000006'")
      expect(row!.n).toBe(1)
      // The code never reached a log line: no six-digit run appears in any of them.
      expect(logged.join('\n')).not.toMatch(/(?<!\d)\d{6}(?!\d)/)
    })
  })
})
