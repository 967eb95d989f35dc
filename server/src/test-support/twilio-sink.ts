import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SentText {
  accountSid: string
  to: string
  from: string
  body: string
}

export interface TwilioSink {
  url: string
  accountSid: string
  authToken: string
  /** Numbers (E.164, or `whatsapp:`-prefixed) the account may send from. */
  senders: string[]
  texts: SentText[]
  /** The next request is answered with this Twilio error instead of being accepted. */
  failNext(error: { status: number; code: number; message: string }): void
  close(): Promise<void>
}

const E164 = /^\+[1-9]\d{6,14}$/
const readAll = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A local stand-in for Twilio's Messages API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`), as documented:
 * HTTP basic auth with the account SID and auth token, a form-encoded body with To, From and Body, a 201 JSON
 * message resource on success, and the `{code, message, more_info, status}` error resource on 4xx.
 */
export async function startTwilioSink(options: { senders?: string[] } = {}): Promise<TwilioSink> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`
  const authToken = randomBytes(16).toString('hex')
  const senders = options.senders ?? ['+15005550006', 'whatsapp:+14155238886']
  const texts: SentText[] = []
  let nextFailure: { status: number; code: number; message: string } | null = null

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  const fail = (response: ServerResponse, status: number, code: number, message: string) =>
    reply(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://sink').pathname
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)
    if (!match) return fail(response, 404, 20404, 'The requested resource was not found')
    if (request.method !== 'POST') return fail(response, 405, 20004, 'Method not allowed')
    const [scheme, credentials] = (request.headers.authorization ?? '').split(' ')
    const [user, password] = Buffer.from(credentials ?? '', 'base64')
      .toString('utf8')
      .split(':')
    if (scheme !== 'Basic' || user !== accountSid || password !== authToken || decodeURIComponent(match[1]!) !== accountSid) {
      return fail(response, 401, 20003, 'Authenticate')
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return fail(response, 400, 20001, 'Request body must be application/x-www-form-urlencoded')
    }
    const form = new URLSearchParams(await readAll(request))
    const to = form.get('To') ?? ''
    const from = form.get('From') ?? ''
    const body = form.get('Body') ?? ''
    if (nextFailure) {
      const failure = nextFailure
      nextFailure = null
      return fail(response, failure.status, failure.code, failure.message)
    }
    if (!to) return fail(response, 400, 21604, "A 'To' phone number is required.")
    if (!body) return fail(response, 400, 21602, 'Message body is required.')
    const whatsapp = to.startsWith('whatsapp:')
    if (!E164.test(whatsapp ? to.slice('whatsapp:'.length) : to)) return fail(response, 400, 21211, `Invalid 'To' Phone Number: ${to}`)
    if (!senders.includes(from) || whatsapp !== from.startsWith('whatsapp:')) {
      return fail(response, 400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`)
    }
    texts.push({ accountSid, to, from, body })
    const sid = `SM${randomBytes(16).toString('hex')}`
    const now = new Date().toUTCString()
    reply(response, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      date_created: now,
      date_updated: now,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
      api_version: '2010-04-01',
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    authToken,
    senders,
    texts,
    failNext: (error) => {
      nextFailure = error
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
