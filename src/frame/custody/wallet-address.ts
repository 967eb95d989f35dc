/** The address of wallet `index` of a share set on its chain: what `entropyId` and the server's records are checked against. */
import type { EmbeddedChainType } from '../../protocol/index.js'
import { ethereumAccount } from './ethereum-keys.js'
import { solanaKeyPair } from './solana-keys.js'

export function walletAddress(chainType: EmbeddedChainType, seed: Uint8Array, index: number): string {
  return chainType === 'ethereum' ? ethereumAccount(seed, index).address : solanaKeyPair(seed, index).address
}

/** Ethereum addresses compare without their checksum casing; Solana's base58 is case-sensitive. */
export const sameAddress = (chainType: EmbeddedChainType, a: string, b: string): boolean =>
  chainType === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b
