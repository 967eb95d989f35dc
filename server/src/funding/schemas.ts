import { z } from 'zod'
import { decodeBase58 } from '../../../src/protocol/index.js'

export const isEvmAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value)
export const isSolanaAddress = (value: string) => value.length <= 44 && decodeBase58(value)?.length === 32

export const evmAddress = z.string().max(42).refine(isEvmAddress, 'must be an Ethereum address')
/** An Ethereum (0x, 20 bytes) or Solana (base58, 32 bytes) address. */
export const walletAddress = z
  .string()
  .max(44)
  .refine((value) => isEvmAddress(value) || isSolanaAddress(value), 'must be an Ethereum or Solana address')
