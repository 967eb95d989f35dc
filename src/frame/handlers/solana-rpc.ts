/** Solana `signMessage`: an ed25519 signature over the given bytes (a transaction's message bytes, for transactions). */
import { ed25519 } from '@noble/curves/ed25519'
import type { SolanaFrameRequest } from '../../protocol/index.js'
import type { SolanaKeyPair } from '../../protocol/custody/solana-keys.js'
import { base64ToBytes, bytesToBase64 } from '../encoding.js'
import { FrameError } from '../errors.js'

/** Solana's packet size bounds any transaction message; plain messages get room to spare. */
const MAX_MESSAGE_BYTES = 64 * 1024

export function signSolanaRequest(keyPair: SolanaKeyPair, request: SolanaFrameRequest): { signature: string } {
  if (request.method !== 'signMessage') {
    throw new FrameError('invalid_request_arguments', `Unsupported method ${String((request as { method?: unknown }).method).slice(0, 60)}`)
  }
  const { message, encoding } = request.params ?? {}
  const bytes = encoding === 'base64' && typeof message === 'string' ? base64ToBytes(message) : null
  if (!bytes || bytes.length === 0 || bytes.length > MAX_MESSAGE_BYTES) throw new FrameError('invalid_request_arguments', 'Invalid message')
  return { signature: bytesToBase64(ed25519.sign(bytes, keyPair.privateKey)) }
}
