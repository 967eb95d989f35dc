import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { generatePrivateKey } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { encodeBase58, type FarcasterSignData, type FrameRequest, type FrameRequestData, type FrameRequestEvent } from '../../protocol/index.js'
import { seedOf } from '../../protocol/custody/entropy.js'
import { FARCASTER_SIGNER_PATH, farcasterSignerKey } from '../custody/farcaster-key.js'
import { combineShares } from '../../protocol/custody/share-wrapper.js'
import { slip10Derive } from '../../protocol/custody/slip10.js'
import { solanaPath } from '../../protocol/custody/solana-keys.js'
import { base64ToBytes, bytesToBase64 } from '../encoding.js'
import { listenToParent } from '../listener.js'
import { memoryDeviceShareStore } from '../memory-device-store.js'
import { fakeFrameWindow } from '../test-support/fake-parent.js'
import { fakeShareServer } from '../test-support/fake-share-server.js'
import { frameHandlers } from './index.js'

const appId = 'cm0000000000000000000appid'
const token = 'token-of-alice'
const parentOrigin = 'https://app.example'
const eth = { entropyIdVerifier: 'ethereum-address-verifier' } as const
/** A Farcaster message hash: 20 bytes of BLAKE3. */
const messageHash = `0x${'5a'.repeat(20)}` as const

let server: ReturnType<typeof fakeShareServer>
const newDevice = () => {
  const store = memoryDeviceShareStore()
  return { store, handlers: frameHandlers({ appId, api: server.api, deviceShares: store }) }
}
let device: ReturnType<typeof newDevice>

beforeEach(() => {
  server = fakeShareServer()
  server.signIn(token, 'alice')
  device = newDevice()
})

/** What the test knows and the frame keeps to itself: the share set's entropy, rebuilt from the device and auth shares. */
async function entropyBehind(entropyId: string, store = device.store) {
  const authShare = base64ToBytes(server.shareSets.find((set) => set.entropyId === entropyId)!.authShare)!
  return combineShares((await store.get(appId, entropyId))!.share, authShare)
}

async function createWallet() {
  const { entropyId } = await device.handlers['wallet:create']!({ accessToken: token })
  return { accessToken: token, entropyId, ...eth }
}

describe('farcaster:init-signer', () => {
  it('answers the ed25519 public key of the SLIP-0010 path over the share set’s seed, the same on every call and device', async () => {
    const ref = await createWallet()
    const { publicKey } = await device.handlers['farcaster:init-signer']!(ref)
    expect(publicKey).toMatch(/^0x[0-9a-f]{64}$/)
    const expected = ed25519.getPublicKey(slip10Derive(await seedOf(await entropyBehind(ref.entropyId)), FARCASTER_SIGNER_PATH).privateKey)
    expect(publicKey).toBe(`0x${bytesToHex(expected)}`)
    expect(await device.handlers['farcaster:init-signer']!(ref)).toEqual({ publicKey })

    // Recovered on another browser, the same entropy gives the same key.
    const other = newDevice()
    await other.handlers.recover!(ref)
    expect(await other.handlers['farcaster:init-signer']!(ref)).toEqual({ publicKey })
  })

  it('is never one of the share set’s Solana keys', async () => {
    const entropy = crypto.getRandomValues(new Uint8Array(16))
    const seed = await seedOf(entropy)
    const farcaster = bytesToHex((await farcasterSignerKey(entropy)).privateKey)
    for (let index = 0; index < 5; index++) expect(bytesToHex(slip10Derive(seed, solanaPath(index)).privateKey)).not.toBe(farcaster)
    expect(FARCASTER_SIGNER_PATH.startsWith("m/44'")).toBe(false)
  })

  it('different entropy gives a different key', async () => {
    const first = await device.handlers['farcaster:init-signer']!(await createWallet())
    server.signIn('token-of-bob', 'bob')
    const { entropyId } = await device.handlers['wallet:create']!({ accessToken: 'token-of-bob' })
    const second = await device.handlers['farcaster:init-signer']!({ accessToken: 'token-of-bob', entropyId, ...eth })
    expect(second.publicKey).not.toBe(first.publicKey)
  })

  it('refuses an imported wallet: a single key has no entropy to derive from', async () => {
    const { entropyId } = await device.handlers.import!({ accessToken: token, privateKey: generatePrivateKey(), chainType: 'ethereum', mode: 'on-device' })
    await expect(device.handlers['farcaster:init-signer']!({ accessToken: token, entropyId, ...eth })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'An imported wallet has no Farcaster signer key',
    })
  })

  it('unlocks as rpc does: a foreign token, a missing device share and MFA are refused', async () => {
    const ref = await createWallet()
    await expect(device.handlers['farcaster:init-signer']!({ ...ref, accessToken: 'token-of-nobody' })).rejects.toThrow('Invalid or missing access token')
    await expect(newDevice().handlers['farcaster:init-signer']!(ref)).rejects.toMatchObject({ type: 'wallet_not_on_device' })
    server.enrollMfa('alice', 'totp')
    await expect(device.handlers['farcaster:init-signer']!(ref)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' })
    await expect(device.handlers['farcaster:init-signer']!({ ...ref, mfa: { method: 'totp', code: '123456' } })).resolves.toHaveProperty('publicKey')
  })
})

describe('farcaster:sign', () => {
  it('signs the payload with the signer key: the signature verifies against the answered public key', async () => {
    const ref = await createWallet()
    const { publicKey } = await device.handlers['farcaster:init-signer']!(ref)
    const { signature } = await device.handlers['farcaster:sign']!({ ...ref, payload: messageHash })
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(ed25519.verify(hexToBytes(signature.slice(2)), hexToBytes(messageHash.slice(2)), hexToBytes(publicKey.slice(2)))).toBe(true)
    expect(ed25519.verify(hexToBytes(signature.slice(2)), hexToBytes('00'.repeat(20)), hexToBytes(publicKey.slice(2)))).toBe(false)
  })

  it('accepts 1 to 1024 bytes and refuses anything else before asking the server', async () => {
    const ref = await createWallet()
    await expect(device.handlers['farcaster:sign']!({ ...ref, payload: '0x01' })).resolves.toHaveProperty('signature')
    await expect(device.handlers['farcaster:sign']!({ ...ref, payload: `0x${'ff'.repeat(1024)}` })).resolves.toHaveProperty('signature')
    const asked = server.requests.length
    for (const payload of ['0x', `0x${'ff'.repeat(1025)}`, '0x123', 'ab'.repeat(20), '0xzz', 42]) {
      await expect(device.handlers['farcaster:sign']!({ ...ref, payload } as FarcasterSignData)).rejects.toMatchObject({
        type: 'invalid_request_arguments',
        message: 'Invalid payload',
      })
    }
    expect(server.requests).toHaveLength(asked)
  })
})

describe('the signer key never leaves the frame (docs/security.md #42)', () => {
  it('records every message posted to the host and every request, and finds neither the key nor the entropy', async () => {
    const fake = fakeFrameWindow()
    listenToParent(fake.frameWindow, parentOrigin, device.handlers)
    let next = 0
    async function send<E extends FrameRequestEvent>(event: E, data: FrameRequestData[E]): Promise<Record<string, unknown>> {
      const id = `request-${++next}`
      fake.deliver({ source: fake.parent, origin: parentOrigin, data: { id, event, data } satisfies FrameRequest })
      for (let waited = 0; waited < 5000; waited += 5) {
        const reply = fake.posted.find(({ message }) => (message as { id: string }).id === id)?.message as
          | { data?: Record<string, unknown>; error?: unknown }
          | undefined
        if (reply?.error) throw new Error(JSON.stringify(reply.error))
        if (reply) return reply.data!
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      throw new Error(`no reply to ${event}`)
    }

    const { entropyId } = await send('wallet:create', { accessToken: token })
    const ref = { accessToken: token, entropyId: entropyId as string, ...eth }
    const { publicKey } = await send('farcaster:init-signer', ref)
    await send('farcaster:sign', { ...ref, payload: messageHash })
    const entropy = await entropyBehind(ref.entropyId)
    const key = await farcasterSignerKey(entropy)
    expect(publicKey).toBe(`0x${bytesToHex(key.publicKey)}`)

    const seen = JSON.stringify([fake.posted, server.requests]).toLowerCase()
    for (const secret of [key.privateKey, entropy, await seedOf(entropy)]) {
      for (const spelling of [bytesToHex(secret), bytesToBase64(secret), encodeBase58(secret)]) expect(seen).not.toContain(spelling.toLowerCase())
    }
    expect(fake.posted.every(({ targetOrigin }) => targetOrigin === parentOrigin)).toBe(true)
  })
})
