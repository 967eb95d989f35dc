/**
 * A private key the user imports (wallet spec, "States and transitions", on-device mode): Ethereum 32-byte hex (with or without 0x), or a
 * Solana secret key in base58 (64 bytes: seed then public key, as Phantom and solana-keygen export it) or its 32-byte
 * seed. The answer is the 32-byte secret an imported share set splits; anything else is refused without echoing it.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { hexToBytes } from '@noble/hashes/utils'
import { secp256k1 } from '@noble/curves/secp256k1'
import { decodeBase58, type EmbeddedChainType } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import { IMPORTED_KEY_BYTES } from '../../protocol/custody/wallet-keys.js'

export const INVALID_PRIVATE_KEY_MESSAGE = 'Invalid private key'

const invalidKey = () => new FrameError('invalid_request_arguments', INVALID_PRIVATE_KEY_MESSAGE)
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index])

function ethereumKey(text: string): Uint8Array {
  const hex = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(text)?.[1]
  if (!hex) throw invalidKey()
  const key = hexToBytes(hex)
  if (!secp256k1.utils.isValidPrivateKey(key)) throw invalidKey()
  return key
}

function solanaKey(text: string): Uint8Array {
  const bytes = text.length <= 100 ? decodeBase58(text) : null
  if (bytes?.length === IMPORTED_KEY_BYTES) return bytes
  // A 64-byte secret key carries its public key: a mismatch means a typo or a key of something else.
  if (bytes?.length === 64 && sameBytes(ed25519.getPublicKey(bytes.slice(0, 32)), bytes.slice(32))) return bytes.slice(0, 32)
  throw invalidKey()
}

export function parseImportedKey(chainType: EmbeddedChainType, privateKey: unknown): Uint8Array {
  if (typeof privateKey !== 'string') throw invalidKey()
  const text = privateKey.trim()
  return chainType === 'ethereum' ? ethereumKey(text) : solanaKey(text)
}
