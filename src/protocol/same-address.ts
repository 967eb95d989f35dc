import type { EmbeddedChainType } from './wallet-frame.js'

/** Ethereum addresses compare without their checksum casing; Solana's base58 is case-sensitive. */
export const sameAddress = (chainType: EmbeddedChainType, a: string, b: string): boolean =>
  chainType === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b
