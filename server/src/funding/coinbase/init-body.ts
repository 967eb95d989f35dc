import { z } from 'zod'
import { isSolanaAddress, walletAddress } from '../schemas.js'

/** The networks the first provider's session takes (the reference API's list); a Solana address takes 'solana' only. */
const evmBlockchains = ['ethereum', 'base', 'avacchain', 'optimism', 'polygon', 'arbitrum'] as const
const blockchain = z.enum([...evmBlockchains, 'solana'])

/** `POST /api/v1/funding/coinbase_on_ramp/init` (`CoinbaseOnRampInitBody`, shaped after the reference API's schema). */
export const coinbaseInitBody = z.object({
  addresses: z
    .array(z.object({ address: walletAddress, blockchains: z.array(blockchain).min(1).max(evmBlockchains.length) }))
    .min(1)
    .max(5)
    .refine(
      (addresses) => addresses.every(({ address, blockchains }) => blockchains.every((name) => (name === 'solana') === isSolanaAddress(address))),
      'a Solana address takes the solana network, an Ethereum address Ethereum networks',
    ),
  assets: z
    .array(z.enum(['eth', 'ETH', 'USDC', 'POL', 'SOL']).transform((asset) => asset.toUpperCase()))
    .max(5)
    .optional(),
})
