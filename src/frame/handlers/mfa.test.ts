import { keccak256 } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RpcData } from '../../protocol/index.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { answerRequest } from '../answer.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const eth = { entropyIdVerifier: 'ethereum-address-verifier' } as const

let server: ReturnType<typeof fakeShareServer>
let handlers: ReturnType<typeof frameHandlers>

beforeEach(() => {
  server = fakeShareServer()
  server.signIn(token, 'alice')
  handlers = frameHandlers({ appId, api: server.api, deviceShares: memoryDeviceShareStore() })
})

const sign = (entropyId: string, extra: Partial<RpcData> = {}) =>
  handlers.rpc!({
    accessToken: token,
    entropyId,
    ...eth,
    chainType: 'ethereum',
    hdWalletIndex: 0,
    request: { method: 'secp256k1_sign', params: [keccak256('0x')] },
    ...extra,
  } as RpcData)

describe('MFA gating of share calls', () => {
  it('a user with MFA signs only with an answer; the frame verifies it first and keeps the session verified', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    server.enrollMfa('alice', 'totp')
    await expect(sign(address)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    await expect(sign(address, { mfa: { method: 'totp', code: '000000' } })).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
      message: 'The code you entered is not valid',
    })
    await expect(sign(address, { mfa: { method: 'totp', code: '123456' } })).resolves.toMatchObject({ method: 'secp256k1_sign' })
    // The verification came before the share call, and the next signature needs no answer.
    const endpoints = server.requests.map((request) => request.endpoint)
    expect(endpoints.slice(-2)).toEqual(['verifyMfa', 'authShare'])
    await expect(sign(address)).resolves.toMatchObject({ method: 'secp256k1_sign' })
  })

  it("another session of the same user is still challenged, and 'mfa:clear' forgets the verification", async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    server.enrollMfa('alice', 'sms')
    await handlers['mfa:verify']!({ accessToken: token, mfa: { method: 'sms', code: '123456' } })
    await expect(sign(address)).resolves.toBeDefined()
    server.signIn('token-of-alice-2', 'alice')
    await expect(sign(address, { accessToken: 'token-of-alice-2' })).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    await handlers['mfa:clear']!({})
    await expect(sign(address)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
  })

  it('answers a verification with a method the user has not enrolled, or a malformed one, as an error before any share call', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    server.enrollMfa('alice', 'totp')
    const before = server.requests.length
    await expect(sign(address, { mfa: { method: 'sms', code: '123456' } })).rejects.toMatchObject({ type: 'error', message: 'MFA method not enrolled' })
    await expect(sign(address, { mfa: { method: 'email' } as never })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Invalid MFA method',
    })
    await expect(sign(address, { mfa: { method: 'passkey', authenticatorResponse: 'x' } as never })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Invalid authenticatorResponse',
    })
    expect(server.requests.slice(before).map((request) => request.endpoint)).toEqual(['verifyMfa'])
  })

  it('rate limits after 5 wrong codes and reports an expired SMS code as its own type', async () => {
    server.enrollMfa('alice', 'sms')
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(handlers['mfa:verify']!({ accessToken: token, mfa: { method: 'sms', code: '999999' } })).rejects.toMatchObject({
        type: 'missing_or_invalid_mfa',
      })
    }
    await expect(handlers['mfa:verify']!({ accessToken: token, mfa: { method: 'sms', code: '123456' } })).rejects.toThrow('(HTTP 429)')
    server.signIn('token-of-bob', 'bob')
    server.enrollMfa('bob', 'sms')
    server.mfa.expired = true
    await expect(handlers['mfa:verify']!({ accessToken: 'token-of-bob', mfa: { method: 'sms', code: '123456' } })).rejects.toMatchObject({
      type: 'twilio_verification_failed',
    })
  })

  it("'mfa:verify' requires an answer", async () => {
    await expect(handlers['mfa:verify']!({ accessToken: token } as never)).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Invalid MFA submission',
    })
  })
})

describe('MFA enrolment', () => {
  it('TOTP: init answers the secret and otpauth URL, submit enrols with the first code and answers the user', async () => {
    const started = await handlers['mfa:init-enrollment']!({ accessToken: token, method: 'totp' })
    expect(started).toEqual({ method: 'totp', totpSecret: 'JBSWY3DPEHPK3PXP', totpAuthUrl: expect.stringMatching(/^otpauth:\/\/totp\//) })
    await expect(handlers['mfa:submit-enrollment']!({ accessToken: token, method: 'totp', code: '111111' })).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
    })
    const { user } = await handlers['mfa:submit-enrollment']!({ accessToken: token, method: 'totp', code: '123456' })
    expect(user.mfa_methods.map((method) => method.type)).toEqual(['totp'])
  })

  it('SMS: init sends a code to the new phone; a second method needs a verification first', async () => {
    server.enrollMfa('alice', 'totp')
    await expect(handlers['mfa:init-enrollment']!({ accessToken: token, method: 'sms', phoneNumber: '+15555550100' })).rejects.toMatchObject({
      type: 'missing_or_invalid_mfa',
    })
    await expect(
      handlers['mfa:init-enrollment']!({ accessToken: token, method: 'sms', phoneNumber: '+15555550100', mfa: { method: 'totp', code: '123456' } }),
    ).resolves.toEqual({ method: 'sms' })
    expect(server.requests.at(-1)).toMatchObject({ endpoint: 'initSms', body: { action: 'enroll', phoneNumber: '+15555550100' } })
    const { user } = await handlers['mfa:submit-enrollment']!({ accessToken: token, method: 'sms', code: '123456', phoneNumber: '+15555550100' })
    expect(user.mfa_methods.map((method) => method.type)).toEqual(['totp', 'sms'])
    await expect(handlers['mfa:init-enrollment']!({ accessToken: token, method: 'sms' } as never)).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Invalid phoneNumber',
    })
  })

  it('passkeys become factors by credential id; unenrolling passkeys sends an empty list; unenrolling TOTP removes it', async () => {
    const { user } = await handlers['mfa:submit-enrollment']!({ accessToken: token, method: 'passkey', credentialIds: ['cred-1'] })
    expect(user.mfa_methods.map((method) => method.type)).toEqual(['passkey'])
    expect(server.requests.at(-1)).toMatchObject({ endpoint: 'enrollPasskeys', body: { credential_ids: ['cred-1'] } })
    await expect(handlers['mfa:unenroll']!({ accessToken: token, method: 'passkey' })).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    const removed = await handlers['mfa:unenroll']!({
      accessToken: token,
      method: 'passkey',
      mfa: { method: 'passkey', authenticatorResponse: { id: '123456' } },
    })
    expect(removed.user.mfa_methods).toEqual([])
    expect(server.requests.at(-1)).toMatchObject({ endpoint: 'enrollPasskeys', body: { credential_ids: [] } })
    await expect(handlers['mfa:submit-enrollment']!({ accessToken: token, method: 'passkey', credentialIds: 'cred-1' } as never)).rejects.toMatchObject({
      message: 'Invalid credentialIds',
    })
  })
})

describe('what reaches the host', () => {
  it('the answer to a verified operation carries no MFA token or code', async () => {
    const { address } = await handlers['wallet:create']!({ accessToken: token })
    server.enrollMfa('alice', 'totp')
    const reply = await answerRequest(handlers, {
      id: '1',
      event: 'rpc',
      data: {
        accessToken: token,
        entropyId: address,
        ...eth,
        chainType: 'ethereum',
        hdWalletIndex: 0,
        request: { method: 'secp256k1_sign', params: [keccak256('0x')] },
        mfa: { method: 'totp', code: '123456' },
      },
    })
    expect('data' in reply).toBe(true)
    expect(JSON.stringify(reply)).not.toContain('123456')
    const verified = await answerRequest(handlers, { id: '2', event: 'mfa:verify', data: { accessToken: token, mfa: { method: 'totp', code: '123456' } } })
    expect(verified).toEqual({ id: '2', event: 'mfa:verify', data: {} })
  })
})
