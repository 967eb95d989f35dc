import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SiteverifyRequest {
  contentType: string
  secret: string | null
  response: string | null
  remoteip: string | null
}

export interface TurnstileSink {
  /** The siteverify URL to put in an app's `captcha.verifyUrl`. */
  verifyUrl: string
  secret: string
  /** What the widget would hand the browser after a passed challenge: valid once, for 300 s. */
  issueToken(): string
  requests: SiteverifyRequest[]
  /** Makes the next answers an HTTP error (the verifier being down). */
  failWith(status: number | null): void
  close(): Promise<void>
}

async function readParams(request: IncomingMessage): Promise<Record<string, string | null>> {
  let text = ''
  for await (const chunk of request) text += chunk
  const contentType = request.headers['content-type'] ?? ''
  if (contentType.includes('application/json')) {
    const json = JSON.parse(text || '{}') as Record<string, unknown>
    return Object.fromEntries(['secret', 'response', 'remoteip'].map((key) => [key, typeof json[key] === 'string' ? json[key] : null]))
  }
  const form = new URLSearchParams(text)
  return { secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') }
}

/**
 * A loopback stand-in for Cloudflare's siteverify (POST form or JSON `{secret, response, remoteip}` →
 * `{success, 'error-codes', challenge_ts, hostname}`), with Turnstile's rules: the right secret,
 * a token it issued, each token once, 300 s validity.
 */
export async function startTurnstileSink(): Promise<TurnstileSink> {
  const secret = `0x${randomBytes(16).toString('hex')}`
  const issued = new Map<string, { issuedAt: number; spent: boolean }>()
  const requests: SiteverifyRequest[] = []
  let failure: number | null = null
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.method !== 'POST') return reply(405, { success: false, 'error-codes': ['bad-request'] })
    const params = await readParams(request)
    requests.push({
      contentType: request.headers['content-type'] ?? '',
      secret: params.secret ?? null,
      response: params.response ?? null,
      remoteip: params.remoteip ?? null,
    })
    if (failure !== null) return reply(failure, { success: false, 'error-codes': ['internal-error'] })
    const fail = (code: string) => reply(200, { success: false, 'error-codes': [code], messages: [] })
    if (!params.secret) return fail('missing-input-secret')
    if (params.secret !== secret) return fail('invalid-input-secret')
    if (!params.response) return fail('missing-input-response')
    const token = issued.get(params.response)
    if (!token) return fail('invalid-input-response')
    if (token.spent || Date.now() - token.issuedAt > 300_000) return fail('timeout-or-duplicate')
    token.spent = true
    return reply(200, {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(token.issuedAt).toISOString(),
      hostname: 'allowed.test',
      action: '',
      cdata: '',
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`,
    secret,
    issueToken() {
      const token = `XXXX.DUMMY.${randomBytes(48).toString('base64url')}`
      issued.set(token, { issuedAt: Date.now(), spent: false })
      return token
    },
    requests,
    failWith(status) {
      failure = status
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
