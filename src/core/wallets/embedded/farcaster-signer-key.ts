/**
 * The Farcaster signer key of the user's embedded wallet (wallet spec, "States and transitions": "Farcaster signer"; "The calls it makes": initFarcasterSigner,
 * signFarcasterMessage): an ed25519 key the wallet frame derives from the primary Ethereum share set's HD entropy.
 * The app gets the public key (to add as a signer) and signatures; the key stays in the frame.
 */
import type { FrameRequestData, FrameResponseData } from '../../../protocol/index.js'
import { TesseraError } from '../../errors/base-error.js'
import { farcasterSignerMissingKeyError } from '../../auth/farcaster/signer.js'
import type { EmbeddedWallet } from './types.js'

type FarcasterEvent = 'farcaster:init-signer' | 'farcaster:sign'

export interface FarcasterSignerKeyDeps {
  wallets(): EmbeddedWallet[]
  /** One frame call on the wallet's share set, connected (or recovered) first and run through the MFA challenge. */
  call<E extends FarcasterEvent>(wallet: EmbeddedWallet, event: E, data: Omit<FrameRequestData[E], 'accessToken'>): Promise<FrameResponseData[E]>
}

/** A Farcaster message hash is 20 bytes; the frame signs 1..1024. */
const MAX_PAYLOAD_BYTES = 1024

const invalidHashError = () =>
  new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid Farcaster message hash', details: 'Expected 1 to 1024 bytes, as a Uint8Array or 0x hex' })

function payloadOf(hash: Uint8Array | string): `0x${string}` {
  const hex =
    hash instanceof Uint8Array
      ? `0x${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
      : typeof hash === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(hash)
        ? hash.toLowerCase()
        : ''
  if (hex.length < 4 || (hex.length - 2) / 2 > MAX_PAYLOAD_BYTES) throw invalidHashError()
  return hex as `0x${string}`
}

export function farcasterSignerKey(deps: FarcasterSignerKeyDeps) {
  /** The primary Ethereum wallet's share set: an imported key has no entropy to derive the signer key from. */
  function signerWallet(): EmbeddedWallet {
    const wallet = deps.wallets().find((candidate) => candidate.chainType === 'ethereum' && candidate.walletIndex === 0 && !candidate.imported)
    if (!wallet) throw farcasterSignerMissingKeyError()
    return wallet
  }
  const shareSet = (wallet: EmbeddedWallet) => ({ entropyId: wallet.entropyId, entropyIdVerifier: wallet.entropyIdVerifier })

  return {
    async getFarcasterSignerPublicKey(): Promise<`0x${string}`> {
      const wallet = signerWallet()
      return (await deps.call(wallet, 'farcaster:init-signer', shareSet(wallet))).publicKey
    },
    async signFarcasterMessage(hash: Uint8Array | `0x${string}`): Promise<{ signature: `0x${string}` }> {
      const payload = payloadOf(hash)
      const wallet = signerWallet()
      return deps.call(wallet, 'farcaster:sign', { ...shareSet(wallet), payload })
    },
  }
}
