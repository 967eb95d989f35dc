import { ed25519 } from '@noble/curves/ed25519'
import { invalidData } from '../http/api-error.js'

const SIGNATURE_BYTES = 64
const PUBLIC_KEY_BYTES = 32
/** A v0 (or later) message starts with 0x80 | version; a legacy one with its header's signer count (< 128). */
const VERSION_PREFIX = 0x80

const malformed = () => invalidData('Invalid request body: params.transaction: not a Solana transaction')

/** Solana's compact-u16 length (1-3 bytes, 7 bits each): the value and the offset after it. */
function readCompactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw malformed()
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw malformed()
}

interface WireTransaction { signaturesOffset: number; message: Uint8Array; signers: Uint8Array[] }

/** The parts signing needs: where the signatures sit, the message bytes, and the signer keys (the first accounts). */
function readWireTransaction(wire: Uint8Array): WireTransaction {
  const [signatureCount, signaturesOffset] = readCompactU16(wire, 0)
  const message = wire.subarray(signaturesOffset + signatureCount * SIGNATURE_BYTES)
  let offset = 0
  if ((message[0] ?? 0) & VERSION_PREFIX) {
    if (message[0] !== VERSION_PREFIX) throw invalidData('Invalid request body: params.transaction: unsupported transaction version')
    offset = 1
  }
  const requiredSignatures = message[offset]
  if (requiredSignatures === undefined || requiredSignatures !== signatureCount) throw malformed()
  const [keyCount, keysOffset] = readCompactU16(message, offset + 3)
  if (keyCount < requiredSignatures || message.length < keysOffset + keyCount * PUBLIC_KEY_BYTES) throw malformed()
  const signers = Array.from({ length: requiredSignatures }, (_, i) => message.subarray(keysOffset + i * PUBLIC_KEY_BYTES, keysOffset + (i + 1) * PUBLIC_KEY_BYTES))
  return { signaturesOffset, message, signers }
}

/**
 * Signs a base64 wire transaction (legacy or v0) with an ed25519 seed in the slot of the key's public key among the
 * transaction's signers; other signers' slots stay as they came. A transaction that does not list the key is refused.
 */
export function signSolanaTransaction(seed: Uint8Array, transaction: string): string {
  const wire = new Uint8Array(Buffer.from(transaction, 'base64'))
  if (Buffer.from(wire).toString('base64') !== transaction) throw invalidData('Invalid request body: params.transaction: must be base64')
  const { signaturesOffset, message, signers } = readWireTransaction(wire)
  const publicKey = ed25519.getPublicKey(seed)
  const slot = signers.findIndex((signer) => Buffer.from(signer).equals(publicKey))
  if (slot < 0) throw invalidData('Invalid request body: params.transaction: this wallet is not one of its signers')
  wire.set(ed25519.sign(message, seed), signaturesOffset + slot * SIGNATURE_BYTES)
  return Buffer.from(wire).toString('base64')
}
