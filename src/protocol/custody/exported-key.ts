/**
 * A private key as export screens show it and wallets import it: Ethereum `0x` + 64 lowercase hex; Solana base58 of
 * the 64-byte secret key (the seed, then its ed25519 public key, as Phantom imports it).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from '@noble/hashes/utils'
import { encodeBase58 } from '../base58.js'
import type { EmbeddedChainType } from '../wallet-frame.js'

export function exportedKeyText(chainType: EmbeddedChainType, privateKey: Uint8Array): string {
  if (chainType === 'ethereum') return `0x${bytesToHex(privateKey)}`
  const secretKey = new Uint8Array(64)
  secretKey.set(privateKey)
  secretKey.set(ed25519.getPublicKey(privateKey), 32)
  try {
    return encodeBase58(secretKey)
  } finally {
    secretKey.fill(0)
  }
}
