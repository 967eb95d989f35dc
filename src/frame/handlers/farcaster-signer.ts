/**
 * `farcaster:init-signer` and `farcaster:sign`: the Farcaster signer's ed25519 key lives only here, derived from the
 * share set's HD entropy on every call (unlocked as `rpc` unlocks: the server's auth share, MFA, the address check).
 * The host gets the public key and signatures, never the key.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import type { FarcasterSignData, FarcasterSignerData, FrameResponseData } from '../../protocol/index.js'
import { farcasterSignerKey, type FarcasterSignerKey } from '../custody/farcaster-key.js'
import { FrameError } from '../errors.js'
import { chainOfVerifier, type FrameContext } from './context.js'
import { unlockShareSet } from './unlock.js'
import { requireAccessToken, requireText, requireVerifier } from './validate.js'

/** A Farcaster message hash is 20 bytes; anything up to 1 KiB is signed, nothing empty. */
const MAX_PAYLOAD_BYTES = 1024

async function unlockFarcasterKey(context: FrameContext, data: FarcasterSignerData): Promise<FarcasterSignerKey> {
  const accessToken = requireAccessToken(data.accessToken)
  const entropyId = requireText(data.entropyId, 'entropyId')
  const { entropy, keys } = await unlockShareSet(context, accessToken, entropyId, chainOfVerifier(requireVerifier(data.entropyIdVerifier)))
  // An imported key is one wallet's key and nothing more: there is no entropy to derive a second key from.
  if (keys.imported) throw new FrameError('invalid_request_arguments', 'An imported wallet has no Farcaster signer key')
  return farcasterSignerKey(entropy)
}

function requirePayload(value: unknown): Uint8Array {
  const hex = typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(value) ? value.slice(2) : ''
  if (!hex || hex.length / 2 > MAX_PAYLOAD_BYTES) throw new FrameError('invalid_request_arguments', 'Invalid payload')
  return hexToBytes(hex)
}

export async function initFarcasterSigner(context: FrameContext, data: FarcasterSignerData): Promise<FrameResponseData['farcaster:init-signer']> {
  const { publicKey } = await unlockFarcasterKey(context, data)
  return { publicKey: `0x${bytesToHex(publicKey)}` }
}

export async function signFarcasterMessage(context: FrameContext, data: FarcasterSignData): Promise<FrameResponseData['farcaster:sign']> {
  // The payload is checked first: a malformed request costs no auth-share request.
  const payload = requirePayload(data.payload)
  const { privateKey } = await unlockFarcasterKey(context, data)
  return { signature: `0x${bytesToHex(ed25519.sign(payload, privateKey))}` }
}
