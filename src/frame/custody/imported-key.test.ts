import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from '@noble/hashes/utils'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../protocol/index.js'
import { generateEntropy, seedOf } from '../../protocol/custody/entropy.js'
import { splitSecret } from '../../protocol/custody/share-wrapper.js'
import { walletAddress } from '../../protocol/custody/wallet-address.js'
import { parseImportedKey } from './imported-key.js'
import { openShareSet } from './open-share-set.js'
import { keysAddress, walletKeysOf } from './wallet-keys.js'

const solanaSecretKey = () => {
  const seed = ed25519.utils.randomPrivateKey()
  const publicKey = ed25519.getPublicKey(seed)
  return { seed, publicKey, secretKey: new Uint8Array([...seed, ...publicKey]) }
}

describe('parseImportedKey', () => {
  it('takes an Ethereum key as 64 hex digits, with or without 0x and surrounding spaces', () => {
    const key = generatePrivateKey()
    expect(bytesToHex(parseImportedKey('ethereum', key))).toBe(key.slice(2))
    expect(bytesToHex(parseImportedKey('ethereum', ` ${key.slice(2).toUpperCase()}\n`))).toBe(key.slice(2))
  })

  it('refuses Ethereum keys that are not 32 bytes of hex or not a valid secp256k1 scalar, without echoing them', () => {
    const key = generatePrivateKey()
    const order = '0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
    for (const bad of [key.slice(0, -2), `${key}00`, key.replace(/.$/, 'g'), `0x${'0'.repeat(64)}`, order, '', 42, null]) {
      let error: unknown
      try {
        parseImportedKey('ethereum', bad)
      } catch (caught) {
        error = caught
      }
      expect(error).toMatchObject({ type: 'invalid_request_arguments', message: 'Invalid private key' })
    }
  })

  it('takes a Solana 64-byte secret key (seed + public key) or its 32-byte seed, in base58', () => {
    const { seed, secretKey } = solanaSecretKey()
    expect(bytesToHex(parseImportedKey('solana', encodeBase58(secretKey)))).toBe(bytesToHex(seed))
    expect(bytesToHex(parseImportedKey('solana', encodeBase58(seed)))).toBe(bytesToHex(seed))
  })

  it('refuses a Solana secret key whose public half is not its seed’s, hex, or other lengths', () => {
    const { secretKey } = solanaSecretKey()
    const tampered = secretKey.slice()
    tampered[63] = tampered[63]! ^ 1
    for (const bad of [encodeBase58(tampered), bytesToHex(secretKey), encodeBase58(secretKey.slice(0, 48)), 'O0Il']) {
      expect(() => parseImportedKey('solana', bad)).toThrow('Invalid private key')
    }
  })
})

describe('an imported share set', () => {
  it('splits the key itself, combines back to it, and its address check passes on its chain (docs/security.md #45)', async () => {
    const key = generatePrivateKey()
    const secret = parseImportedKey('ethereum', key)
    const { device, auth, recovery } = await splitSecret(secret, 1)
    const opened = await openShareSet(auth, recovery, privateKeyToAddress(key), 'ethereum')
    expect(bytesToHex(opened.entropy)).toBe(key.slice(2))
    expect(opened.keys.imported).toBe(true)
    expect(opened.keys.ethereum(0).address).toBe(privateKeyToAddress(key))
    await expect(openShareSet(device, auth, walletAddress('ethereum', await seedOf(generateEntropy()), 0), 'ethereum')).rejects.toThrow(
      'does not derive this wallet',
    )
  })

  it('opens a Solana key at the address of its public key', async () => {
    const { seed, publicKey } = solanaSecretKey()
    const { device, auth } = await splitSecret(seed, 1)
    const opened = await openShareSet(device, auth, encodeBase58(publicKey), 'solana')
    expect(opened.keys.solana(0).address).toBe(encodeBase58(publicKey))
  })

  it('has one wallet only: other indexes are refused', async () => {
    const keys = (await walletKeysOf(parseImportedKey('ethereum', generatePrivateKey())))!
    expect(() => keys.ethereum(1)).toThrow('an imported wallet has no other wallets')
    expect(() => keys.solana(2)).toThrow('an imported wallet has no other wallets')
    expect(() => keys.ethereumKey(1)).toThrow(expect.objectContaining({ name: 'FrameError', type: 'invalid_request_arguments' }))
  })

  it('is told apart from an HD share set by its secret’s length; other lengths open nothing', async () => {
    const entropy = generateEntropy()
    expect((await walletKeysOf(entropy))?.imported).toBe(false)
    expect(keysAddress((await walletKeysOf(entropy))!, 'solana', 1)).toBe(walletAddress('solana', await seedOf(entropy), 1))
    expect(await walletKeysOf(new Uint8Array(24))).toBeNull()
  })
})
