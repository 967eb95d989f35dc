/** Ethereum keys: BIP-44 m/44'/60'/0'/0/i over the BIP-39 seed (the path MetaMask and the reference SDK use). */
import { HDKey } from '@scure/bip32'
import { bytesToHex } from '@noble/hashes/utils'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

export const ethereumPath = (index: number): string => `m/44'/60'/0'/0/${index}`

export function ethereumPrivateKey(seed: Uint8Array, index: number): Uint8Array {
  const { privateKey } = HDKey.fromMasterSeed(seed).derive(ethereumPath(index))
  if (!privateKey) throw new Error('BIP-32 derivation gave no private key')
  return privateKey
}

export const ethereumAccount = (seed: Uint8Array, index: number): PrivateKeyAccount => accountOf(ethereumPrivateKey(seed, index))

export const accountOf = (privateKey: Uint8Array): PrivateKeyAccount => privateKeyToAccount(`0x${bytesToHex(privateKey)}`)
