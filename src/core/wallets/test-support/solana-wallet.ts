/**
 * A real Solana keypair for tests, kept in Node (node:crypto ed25519): signs messages and transactions in its
 * signer slot, and sends what it signed to an RPC (the local Solana endpoint) as a wallet's signAndSend does.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { decodeBase58, encodeBase58 } from '../../../protocol/index.js'

export interface TestSolanaWallet {
  address: string
  publicKey: Uint8Array
  /** Solana's 64-byte secret key (seed, then public key): `Keypair.fromSecretKey(secretKey)` in tests. */
  secretKey: Uint8Array
  signMessage(message: Uint8Array): Uint8Array
  /** Fills this wallet's signature slot of a wire transaction with the signature of its message. */
  signTransaction(transaction: Uint8Array): Uint8Array
  /** Signs, then sends through `sendTransaction` of the RPC at `rpcUrl` (preflight on); answers the signature. */
  signAndSendTransaction(transaction: Uint8Array, rpcUrl: string): Promise<Uint8Array>
  rejectNext(): void
  /** True once, after `rejectNext()`: the next wallet request must fail with 4001. */
  takeRejection(): boolean
}

export interface TestSolanaWalletOptions {
  /** A 32-byte seed or Solana's 64-byte secret key; default a new keypair. */
  secretKey?: Uint8Array
}

// PKCS #8 wrapping of a raw ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Uint8Array.from([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20])

function keyPair(secretKey?: Uint8Array): { privateKey: KeyObject; seed: Uint8Array; publicKey: Uint8Array } {
  const privateKey = secretKey
    ? createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' })
    : generateKeyPairSync('ed25519').privateKey
  const seed = new Uint8Array(privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32))
  const publicKey = new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32))
  return { privateKey, seed, publicKey }
}

/** The transaction's parts: signature count (one byte below 128), signatures, then the message they cover. */
function layout(transaction: Uint8Array): { count: number; message: Uint8Array } {
  const count = transaction[0]!
  if (count >= 0x80) throw new Error('More than 127 signatures')
  return { count, message: transaction.subarray(1 + 64 * count) }
}

/** Which signer slot a public key holds: the message's first accounts are its signers (after a v0 message's prefix). */
function signerSlot(message: Uint8Array, publicKey: Uint8Array): number {
  const start = message[0]! & 0x80 ? 1 : 0
  const signers = message[start]!
  // The account count is a compact-u16 after the 3-byte header; transactions here have fewer than 128 accounts.
  const keys = start + 4
  for (let slot = 0; slot < signers; slot++) {
    if (message.subarray(keys + 32 * slot, keys + 32 * (slot + 1)).every((byte, index) => byte === publicKey[index])) return slot
  }
  throw new Error('The transaction does not need this wallet’s signature')
}

export function createTestSolanaWallet(options: TestSolanaWalletOptions = {}): TestSolanaWallet {
  const { privateKey, seed, publicKey } = keyPair(options.secretKey)
  let reject = false
  const signBytes = (bytes: Uint8Array) => new Uint8Array(sign(null, bytes, privateKey))
  function signTransaction(transaction: Uint8Array): Uint8Array {
    const { count, message } = layout(transaction)
    const slot = signerSlot(message, publicKey)
    if (slot >= count) throw new Error('The transaction has no slot for this wallet’s signature')
    const signed = Uint8Array.from(transaction)
    signed.set(signBytes(message), 1 + 64 * slot)
    return signed
  }
  return {
    address: encodeBase58(publicKey),
    publicKey,
    secretKey: Uint8Array.from([...seed, ...publicKey]),
    signMessage: signBytes,
    signTransaction,
    async signAndSendTransaction(transaction, rpcUrl) {
      const signed = signTransaction(transaction)
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [Buffer.from(signed).toString('base64'), { encoding: 'base64' }] }),
      })
      const body = (await response.json()) as { result?: string; error?: { code: number; message: string } }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
      return decodeBase58(body.result!)!
    },
    rejectNext: () => void (reject = true),
    takeRejection() {
      const taken = reject
      reject = false
      return taken
    },
  }
}
