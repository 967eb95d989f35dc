/** Solana keys: SLIP-0010 ed25519 m/44'/501'/i'/0' over the BIP-39 seed (Phantom's and Solflare's path). */
import { ed25519 } from '@noble/curves/ed25519'
import { encodeBase58 } from '../../protocol/index.js'
import { slip10Derive } from './slip10.js'

export const solanaPath = (index: number): string => `m/44'/501'/${index}'/0'`

export interface SolanaKeyPair { privateKey: Uint8Array; address: string }

export function solanaKeyPair(seed: Uint8Array, index: number): SolanaKeyPair {
  const { privateKey } = slip10Derive(seed, solanaPath(index))
  return { privateKey, address: encodeBase58(ed25519.getPublicKey(privateKey)) }
}
