/** Solana keys: SLIP-0010 ed25519 m/44'/501'/i'/0' over the BIP-39 seed (Phantom's and Solflare's path). */
import { ed25519 } from '@noble/curves/ed25519'
import { encodeBase58 } from '../base58.js'
import { slip10Derive } from './slip10.js'

export const solanaPath = (index: number): string => `m/44'/501'/${index}'/0'`

export const solanaPrivateKey = (seed: Uint8Array, index: number): Uint8Array => slip10Derive(seed, solanaPath(index)).privateKey

/** A Solana address is its ed25519 public key in base58. */
export const solanaAddress = (privateKey: Uint8Array): string => encodeBase58(ed25519.getPublicKey(privateKey))

export interface SolanaKeyPair {
  privateKey: Uint8Array
  address: string
}

export const solanaKeyPairOf = (privateKey: Uint8Array): SolanaKeyPair => ({ privateKey, address: solanaAddress(privateKey) })

export const solanaKeyPair = (seed: Uint8Array, index: number): SolanaKeyPair => solanaKeyPairOf(solanaPrivateKey(seed, index))
