/** Ethereum keys: BIP-44 m/44'/60'/0'/0/i over the BIP-39 seed (the path MetaMask and the reference SDK use). */
import { HDKey } from '@scure/bip32'
import { bytesToHex } from '@noble/hashes/utils'
import { privateKeyToAddress } from 'viem/accounts'

export const ethereumPath = (index: number): string => `m/44'/60'/0'/0/${index}`

export function ethereumPrivateKey(seed: Uint8Array, index: number): Uint8Array {
  const { privateKey } = HDKey.fromMasterSeed(seed).derive(ethereumPath(index))
  if (!privateKey) throw new Error('BIP-32 derivation gave no private key')
  return privateKey
}

/** The EIP-55 checksummed address of a secp256k1 key. */
export const ethereumAddress = (privateKey: Uint8Array): string => privateKeyToAddress(`0x${bytesToHex(privateKey)}`)
