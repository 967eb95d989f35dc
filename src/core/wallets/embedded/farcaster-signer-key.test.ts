import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import type { FrameRequestData } from '../../../protocol/index.js'
import { farcasterSignerKey, type FarcasterSignerKeyDeps } from './farcaster-signer-key.js'
import type { EmbeddedWallet } from './types.js'

const wallet = (overrides: Partial<EmbeddedWallet>): EmbeddedWallet => ({
  address: `0x${'11'.repeat(20)}`,
  chainType: 'ethereum',
  walletIndex: 0,
  recoveryMethod: 'privy',
  imported: false,
  delegated: false,
  entropyId: `0x${'11'.repeat(20)}`,
  entropyIdVerifier: 'ethereum-address-verifier',
  walletClientType: 'privy',
  connectorType: 'embedded',
  ...overrides,
})
const primary = wallet({})
const solana = wallet({ address: 'So1ana', entropyId: 'So1ana', chainType: 'solana', entropyIdVerifier: 'solana-address-verifier' })
const imported = wallet({ address: `0x${'22'.repeat(20)}`, entropyId: `0x${'22'.repeat(20)}`, imported: true })
const second = wallet({ address: `0x${'33'.repeat(20)}`, walletIndex: 1 })

/** The frame's answers with a real ed25519 key per share set, recording which wallet and data each call named. */
function frameWith(wallets: EmbeddedWallet[]) {
  const privateKey = ed25519.utils.randomPrivateKey()
  const calls: { wallet: EmbeddedWallet; event: string; data: unknown }[] = []
  const call: FarcasterSignerKeyDeps['call'] = async (target, event, data) => {
    calls.push({ wallet: target, event, data })
    if (event === 'farcaster:init-signer') return { publicKey: `0x${bytesToHex(ed25519.getPublicKey(privateKey))}` } as never
    const { payload } = data as Omit<FrameRequestData['farcaster:sign'], 'accessToken'>
    return { signature: `0x${bytesToHex(ed25519.sign(hexToBytes(payload.slice(2)), privateKey))}` } as never
  }
  return { calls, key: farcasterSignerKey({ wallets: () => wallets, call }), publicKey: ed25519.getPublicKey(privateKey) }
}

describe('the embedded Farcaster signer key', () => {
  it("uses the primary Ethereum HD wallet's share set, not an imported, Solana or additional wallet", async () => {
    const frame = frameWith([imported, solana, second, primary])
    await expect(frame.key.getFarcasterSignerPublicKey()).resolves.toBe(`0x${bytesToHex(frame.publicKey)}`)
    expect(frame.calls).toEqual([
      { wallet: primary, event: 'farcaster:init-signer', data: { entropyId: primary.entropyId, entropyIdVerifier: 'ethereum-address-verifier' } },
    ])
  })

  it('signs a hash given as bytes or hex, sending lower-case hex; the signature verifies', async () => {
    const frame = frameWith([primary])
    const hash = new Uint8Array(20).fill(0xab)
    const { signature } = await frame.key.signFarcasterMessage(hash)
    expect(ed25519.verify(hexToBytes(signature.slice(2)), hash, frame.publicKey)).toBe(true)
    await frame.key.signFarcasterMessage(`0x${'AB'.repeat(20)}`)
    expect(frame.calls.map((call) => (call.data as { payload: string }).payload)).toEqual([`0x${'ab'.repeat(20)}`, `0x${'ab'.repeat(20)}`])
  })

  it("refuses a malformed hash before the frame, and a user without an HD Ethereum wallet with 'Connect failed'", async () => {
    const frame = frameWith([primary])
    for (const hash of [new Uint8Array(0), new Uint8Array(1025), '0x', '0xabc', 'abab', 42] as (Uint8Array | `0x${string}`)[]) {
      await expect(frame.key.signFarcasterMessage(hash)).rejects.toMatchObject({ code: 'invalid_data', shortMessage: 'Invalid Farcaster message hash' })
    }
    await expect(frame.key.signFarcasterMessage(new Uint8Array(1024))).resolves.toHaveProperty('signature')
    expect(frame.calls).toHaveLength(1)

    const none = frameWith([imported, solana])
    await expect(none.key.getFarcasterSignerPublicKey()).rejects.toMatchObject({ code: 'embedded_wallet_not_found', shortMessage: 'Connect failed' })
    await expect(none.key.signFarcasterMessage(new Uint8Array(20))).rejects.toMatchObject({ shortMessage: 'Connect failed' })
    expect(none.calls).toEqual([])
  })
})
