import { scanRoutes } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** `GET /api/v1/token_price?chainId&tokenSymbol` (funding spec, "The calls it makes"): the token's USD price; chainId 0 with SOL for Solana. */
export async function getTokenPriceUsd(transport: Transport, chainId: number, tokenSymbol: string): Promise<number> {
  const { usd } = await transport.request(scanRoutes.tokenPrice, { query: { chainId: String(chainId), tokenSymbol }, auth: true })
  return usd
}
