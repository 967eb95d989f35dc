/** A real Solana keypair for tests, kept in Node (node:crypto ed25519): signs messages and memo transactions. */
import { generateKeyPairSync, sign } from 'node:crypto'
import { encodeBase58 } from '../../../protocol/index.js'

export interface TestSolanaWallet {
  address: string
  publicKey: Uint8Array
  signMessage(message: Uint8Array): Uint8Array
  /** Fills the first signature slot of a wire transaction with the signature of its message. */
  signTransaction(transaction: Uint8Array): Uint8Array
  rejectNext(): void
  /** True once, after `rejectNext()`: the next wallet request must fail with 4001. */
  takeRejection(): boolean
}

export function createTestSolanaWallet(): TestSolanaWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32))
  let reject = false
  const signBytes = (bytes: Uint8Array) => new Uint8Array(sign(null, bytes, privateKey))
  return {
    address: encodeBase58(raw),
    publicKey: raw,
    signMessage: signBytes,
    signTransaction(transaction) {
      // One signer: a one-byte signature count, the 64-byte slot, then the message it covers.
      const signed = Uint8Array.from(transaction)
      signed.set(signBytes(transaction.subarray(65)), 1)
      return signed
    },
    rejectNext: () => void (reject = true),
    takeRejection() {
      const taken = reject
      reject = false
      return taken
    },
  }
}
