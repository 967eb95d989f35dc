/** Addresses of keys on their chain: what `entropyId`, the server's records and delegated signing are checked against. */
import type { EmbeddedChainType } from '../wallet-frame.js'
import { ethereumAddress } from './ethereum-keys.js'
import { solanaAddress } from './solana-keys.js'
import { hdPrivateKey } from './wallet-keys.js'

export const addressOfKey = (chainType: EmbeddedChainType, privateKey: Uint8Array): string =>
  chainType === 'ethereum' ? ethereumAddress(privateKey) : solanaAddress(privateKey)

/** The address of HD wallet `index` of a seed. */
export const walletAddress = (chainType: EmbeddedChainType, seed: Uint8Array, index: number): string =>
  addressOfKey(chainType, hdPrivateKey(seed, chainType, index))
