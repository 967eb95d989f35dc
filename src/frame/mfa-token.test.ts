import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_TOKEN_HEADER } from '../protocol/index.js'
import { httpFrameApi } from './api.js'
import { mfaTokenStore, subjectOf } from './mfa-token.js'

const jwt = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`
const alice = jwt({ sub: 'did:privy:alice', sid: 's1' })
const aliceOtherSession = jwt({ sub: 'did:privy:alice', sid: 's2' })
const bob = jwt({ sub: 'did:privy:bob', sid: 's3' })

describe('mfaTokenStore', () => {
  it('keeps one token per user for 15 minutes', () => {
    let now = 0
    const store = mfaTokenStore(() => now)
    store.set(alice, 'mfa-a')
    expect(store.get(aliceOtherSession)).toBe('mfa-a')
    expect(store.get(bob)).toBeNull()
    now = 15 * 60 * 1000 - 1
    expect(store.get(alice)).toBe('mfa-a')
    now += 1
    expect(store.get(alice)).toBeNull()
  })

  it('keeps nothing for a token without a subject, and clear() forgets everything', () => {
    const store = mfaTokenStore()
    store.set('opaque-token', 'mfa-x')
    expect(store.get('opaque-token')).toBeNull()
    expect(subjectOf('a.b.c')).toBeNull()
    store.set(bob, 'mfa-b')
    store.clear()
    expect(store.get(bob)).toBeNull()
  })
})

interface Seen {
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
    seen.push({ url: request.url, headers: request.headers, body: JSON.parse(text || 'null') })
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body))
  })
})
beforeAll(() =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)).then(
    () => void (baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
  ),
)
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('httpFrameApi MFA calls (real HTTP on loopback)', () => {
  it('verifies on the method’s route, then sends the MFA token on the user’s calls only, until cleared', async () => {
    const api = httpFrameApi({ appId: 'cm-app', baseUrl })
    reply = { status: 200, body: { token: 'the-mfa-token' } }
    await api.verifyMfa(alice, { method: 'totp', code: '123456' })
    expect(seen.at(-1)).toMatchObject({ url: '/api/v1/mfa/totp/verify', body: { code: '123456' } })
    expect(seen.at(-1)!.headers[MFA_TOKEN_HEADER]).toBeUndefined()

    reply = { status: 200, body: { auth_share: 'AQ==', share_version: 1, entropy_id: '0xabc', entropy_id_verifier: 'ethereum-address-verifier' } }
    await api.authShare(alice, '0xabc', { chain_type: 'ethereum' })
    expect(seen.at(-1)!.headers[MFA_TOKEN_HEADER]).toBe('the-mfa-token')
    await api.authShare(bob, '0xabc', { chain_type: 'ethereum' })
    expect(seen.at(-1)!.headers[MFA_TOKEN_HEADER]).toBeUndefined()
    api.clearMfa()
    await api.authShare(alice, '0xabc', { chain_type: 'ethereum' })
    expect(seen.at(-1)!.headers[MFA_TOKEN_HEADER]).toBeUndefined()
  })

  it('sends a passkey assertion in the wire shape and names each route as src/protocol/mfa.ts does', async () => {
    const api = httpFrameApi({ appId: 'cm-app', baseUrl })
    reply = { status: 200, body: { token: 't' } }
    await api.verifyMfa(alice, { method: 'passkey', authenticatorResponse: { id: 'cred', raw_id: 'cred' }, relyingParty: 'localhost' })
    expect(seen.at(-1)).toMatchObject({
      url: '/api/v1/mfa/passkeys/verify',
      body: { authenticator_response: { id: 'cred', raw_id: 'cred' }, relying_party: 'localhost' },
    })
    await api.verifyMfa(alice, { method: 'sms', code: '654321' })
    expect(seen.at(-1)?.url).toBe('/api/v1/mfa/passwordless_sms/verify')
    reply = { status: 200, body: { user: { id: 'u' } } }
    await api.initSms(alice, { action: 'enroll', phoneNumber: '+15555550100' })
    await api.initTotpEnrollment(alice)
    await api.enrollTotp(alice, { code: '1' })
    await api.enrollSms(alice, { code: '1', phoneNumber: '+1' })
    await api.enrollPasskeys(alice, { credential_ids: [] })
    await api.unenrollMfa(alice, 'sms')
    await api.unenrollMfa(alice, 'totp')
    expect(seen.slice(-7).map((request) => request.url)).toEqual([
      '/api/v1/mfa/passwordless_sms/init',
      '/api/v1/mfa/totp/init',
      '/api/v1/mfa/totp/enroll',
      '/api/v1/mfa/passwordless_sms/enroll',
      '/api/v1/mfa/passkeys/enrollment',
      '/api/v1/mfa/passwordless_sms/unenroll',
      '/api/v1/mfa/totp/unenroll',
    ])
  })

  it('maps the server’s MFA answers to frame error types', async () => {
    const api = httpFrameApi({ appId: 'cm-app', baseUrl })
    reply = { status: 403, body: { error: 'MFA verification required', code: 'mfa_required' } }
    await expect(api.keyMaterial(alice, 'a', { chain_type: 'ethereum' })).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    reply = { status: 400, body: { error: 'The code you entered is not valid', code: 'missing_or_invalid_mfa' } }
    await expect(api.verifyMfa(alice, { method: 'totp', code: '1' })).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
      message: 'The code you entered is not valid',
    })
    reply = { status: 400, body: { error: 'Code expired', code: 'expired_or_invalid_mfa_token' } }
    await expect(api.verifyMfa(alice, { method: 'sms', code: '1' })).rejects.toMatchObject({ type: 'twilio_verification_failed' })
    reply = { status: 429, body: { error: 'Too many requests', code: 'too_many_requests' } }
    await expect(api.verifyMfa(alice, { method: 'sms', code: '1' })).rejects.toMatchObject({ type: 'error', message: 'Too many requests (HTTP 429)' })
    reply = { status: 200, body: {} }
    await expect(api.verifyMfa(alice, { method: 'sms', code: '1' })).rejects.toMatchObject({ type: 'error' })
  })
})
