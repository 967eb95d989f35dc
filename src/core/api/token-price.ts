import type { TokenPriceResponse } from '../../protocol/index.js'
import { get } from '../../protocol/routes/route.js'
import type { Transport } from './transport.js'

/** `GET /api/v1/token_price?chainId&tokenSymbol` (funding spec, "The calls it makes"): the token's USD price; chainId 0 with SOL for Solana. */
export async function getTokenPriceUsd(transport: Transport, chainId: number, tokenSymbol: string): Promise<number> {
  const query = new URLSearchParams({ chainId: String(chainId), tokenSymbol })
  const { usd } = await transport.request<TokenPriceResponse>(get(`/api/v1/token_price?${query}`), { auth: true })
  return usd
}
