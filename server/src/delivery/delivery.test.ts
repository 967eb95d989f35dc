import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEV_APP_ID } from '../../../src/protocol/index.js'
import { startSmtpSink } from '../test-support/smtp-sink.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  vi.restoreAllMocks()
})

describe('dev outbox', () => {
  it('stores codes, prints one line each and serves them newest first', async () => {
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => { lines.push(line) })
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

describe('without dev mode or SMTP', () => {
  it('refuses to send codes with 400 feature_not_enabled', async () => {
    const previous = process.env.SMTP_URL
    delete process.env.SMTP_URL
    try {
      t = await startTestServer({ realDelivery: true })
      const response = await t.call('/api/v1/passwordless/init', { body: { email: 'nosmtp@example.com' } })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('feature_not_enabled')
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
    const sink2 = new Writable({ write(chunk, _encoding, done) { errors.push(String(chunk)); done() } })
    t = await startTestServer({ realDelivery: true, overrides: { logger: pino({ level: 'error' }, sink2) } })
    const response = await t.call('/api/v1/passwordless/init', { body: { email: 'down@example.com' } })
    expect(response.status).toBe(503)
    expect(response.body).toEqual({ error: 'Could not send the email, try again later', code: 'internal_error' })
    expect(errors.join()).toContain('code delivery failed')
  })
})
