/**
 * The Farcaster signer key: SLIP-0010 ed25519 at a path of its own over the share set's BIP-39 seed. Purpose
 * 0x66637374 ('fcst' in ASCII) is no BIP-44 purpose, so the key can never be one of the set's Solana keys
 * (`m/44'/501'/i'/0'`); the same entropy always gives the same key.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { seedOf } from '../../protocol/custody/entropy.js'
import { slip10Derive } from '../../protocol/custody/slip10.js'

export const FARCASTER_SIGNER_PATH = "m/1717793652'/0'"

export interface FarcasterSignerKey {
  privateKey: Uint8Array
  publicKey: Uint8Array
}

export async function farcasterSignerKey(entropy: Uint8Array): Promise<FarcasterSignerKey> {
  const { privateKey } = slip10Derive(await seedOf(entropy), FARCASTER_SIGNER_PATH)
  return { privateKey, publicKey: ed25519.getPublicKey(privateKey) }
}
