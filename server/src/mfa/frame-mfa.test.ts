// The wallet frame's MFA path (src/frame) against the real server (loopback HTTP, PGlite): verification, the kept token, the gate.
import { keccak256, recoverAddress, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RpcData } from '../../../src/protocol/index.js'
import { authenticatorCode, nextTotpStep, signInUser, type MfaTestUser } from './test-support.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { httpFrameApi } from '../../../src/frame/api.js'
import { memoryDeviceShareStore } from '../../../src/frame/memory-device-store.js'
import { frameHandlers } from '../../../src/frame/handlers/index.js'

let t: TestServer
beforeAll(async () => {
  const plenty = { max: 10_000, windowSeconds: 60 }
  t = await startTestServer({
    server: { rateLimits: { initPerIp: plenty, authenticatePerIp: plenty, walletKeyMaterialPerIp: plenty, walletKeyMaterialPerUser: plenty } },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

const hash = keccak256('0x1234')
const sign = (handlers: ReturnType<typeof frameHandlers>, user: MfaTestUser, address: string, extra: Partial<RpcData> = {}) =>
  handlers.rpc!({
    accessToken: user.token,
    entropyId: address,
    entropyIdVerifier: 'ethereum-address-verifier',
    chainType: 'ethereum',
    hdWalletIndex: 0,
    request: { method: 'secp256k1_sign', params: [hash] },
    ...extra,
  } as RpcData)

describe('frame MFA against the real server', () => {
  it('enrols TOTP, is gated, verifies with a code, keeps the token for its session, forgets it on mfa:clear, unenrols', async () => {
    const user = await signInUser(t)
    const handlers = frameHandlers({ appId: t.app.id, api: httpFrameApi({ appId: t.app.id, baseUrl: t.url }), deviceShares: memoryDeviceShareStore() })
    const { address } = await handlers['wallet:create']!({ accessToken: user.token })

    const started = await handlers['mfa:init-enrollment']!({ accessToken: user.token, method: 'totp' })
    if (started.method !== 'totp') throw new Error('expected a TOTP enrolment')
    expect(started.totpAuthUrl).toMatch(/^otpauth:\/\/totp\//)
    nextTotpStep(t)
    const enrolled = await handlers['mfa:submit-enrollment']!({ accessToken: user.token, method: 'totp', code: authenticatorCode(t, started.totpSecret) })
    expect(enrolled.user.mfa_methods.map((method) => method.type)).toEqual(['totp'])

    await expect(sign(handlers, user, address)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    nextTotpStep(t)
    const wrong = String((Number(authenticatorCode(t, started.totpSecret)) + 1) % 1_000_000).padStart(6, '0')
    await expect(sign(handlers, user, address, { mfa: { method: 'totp', code: wrong } })).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    const signed = await sign(handlers, user, address, { mfa: { method: 'totp', code: authenticatorCode(t, started.totpSecret) } })
    expect(await recoverAddress({ hash, signature: signed.data as Hex })).toBe(address)
    // The frame sends its token on the next gated call: no answer needed.
    await expect(sign(handlers, user, address)).resolves.toMatchObject({ method: 'secp256k1_sign' })

    // Another session of the user (another device) is challenged on its own.
    const otherDevice = await signInUser(t, user.email)
    await expect(sign(handlers, otherDevice, address)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })

    await handlers['mfa:clear']!({})
    await expect(sign(handlers, user, address)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    nextTotpStep(t)
    const removed = await handlers['mfa:unenroll']!({
      accessToken: user.token,
      method: 'totp',
      mfa: { method: 'totp', code: authenticatorCode(t, started.totpSecret) },
    })
    expect(removed.user.mfa_methods).toEqual([])
    // Without MFA this session signs unchallenged; removing a factor ended the other session (docs/security.md #35).
    await expect(sign(handlers, user, address)).resolves.toMatchObject({ method: 'secp256k1_sign' })
    await expect(sign(handlers, otherDevice, address)).rejects.toThrow('Missing or invalid token')
  })
})
