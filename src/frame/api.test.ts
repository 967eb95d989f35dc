import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpFrameApi } from './api.js'

interface Seen {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
  body: unknown
}
const seen: Seen[] = []
let reply: { status: number; body: unknown } = { status: 200, body: {} }
let baseUrl = ''

const server = createServer((request, response) => {
  let text = ''
  request.on('data', (chunk) => (text += chunk))
  request.on('end', () => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: JSON.parse(text || 'null') })
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const api = () => httpFrameApi({ appId: 'cm-app', clientId: 'client-1', baseUrl })

describe('httpFrameApi (real HTTP on loopback)', () => {
  it('posts to the share endpoints with the app id, the client id and the bearer token', async () => {
    reply = { status: 200, body: { auth_share: 'AQ==', share_version: 1, entropy_id: '0xabc', entropy_id_verifier: 'ethereum-address-verifier' } }
    const answer = await api().authShare('the-token', '0xAbC/..', { chain_type: 'ethereum' })
    expect(answer.share_version).toBe(1)
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/embedded_wallets/0xAbC%2F../auth_share',
      headers: { authorization: 'Bearer the-token', 'privy-app-id': 'cm-app', 'privy-client-id': 'client-1', 'content-type': 'application/json' },
      body: { chain_type: 'ethereum' },
    })
    await api().keyMaterial('t', 'So1', { chain_type: 'solana' })
    expect(seen.at(-1)?.url).toBe('/api/v1/embedded_wallets/So1/recovery/key_material')
    await api().create('t', { chain_type: 'solana' } as never)
    expect(seen.at(-1)?.url).toBe('/api/v1/embedded_wallets')
  })

  it('maps error bodies to frame error types with the server’s copy', async () => {
    reply = { status: 401, body: { error: 'Invalid auth token', code: 'missing_or_invalid_token' } }
    await expect(api().authShare('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'error', message: 'Invalid auth token' })
    reply = { status: 400, body: { error: 'Wallet shares changed on another device', code: 'invalid_data' } }
    await expect(api().reshare('t', 'a', {} as never)).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Wallet shares changed on another device',
    })
    reply = { status: 403, body: { error: 'MFA required', code: 'missing_or_invalid_mfa' } }
    await expect(api().authShare('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    reply = { status: 429, body: { error: 'Too many requests', code: 'too_many_requests' } }
    await expect(api().keyMaterial('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'error', message: 'Too many requests (HTTP 429)' })
    reply = { status: 502, body: '<html>bad gateway</html>' }
    await expect(api().add('t', {} as never)).rejects.toMatchObject({ type: 'error', message: 'Request failed (HTTP 502)' })
  })

  it('maps a sponsorship refusal (a policy the send breaks, sponsorship off) to its own type with the server’s message', async () => {
    reply = { status: 403, body: { error: 'Contract not allowed by the sponsorship policy', code: 'policy_violation' } }
    await expect(api().authShare('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({
      type: 'policy_violation',
      message: 'Contract not allowed by the sponsorship policy',
    })
    reply = { status: 403, body: { error: 'Gas sponsorship is not enabled for this app', code: 'feature_not_enabled' } }
    await expect(api().authShare('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'feature_not_enabled' })
  })

  it('maps the re-authentication refusal (403, a live token whose sign-in is too old) to its own type; a dead token stays an error', async () => {
    reply = { status: 403, body: { error: 'Sign in again to recover your wallet', code: 'missing_or_invalid_token' } }
    await expect(api().keyMaterial('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({
      type: 'reauthentication_required',
      message: 'Sign in again to recover your wallet',
    })
    reply = { status: 401, body: { error: 'Invalid auth token', code: 'missing_or_invalid_token' } }
    await expect(api().keyMaterial('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'error', message: 'Invalid auth token' })
  })

  it('reports an unreachable server as a frame error', async () => {
    const closed = httpFrameApi({ appId: 'cm-app', baseUrl: 'http://127.0.0.1:1' })
    await expect(closed.authShare('t', 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'error', message: 'Cannot reach the wallet server' })
  })
})
