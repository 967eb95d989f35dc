import { scanRoutes, type SplTokenInfoResponse } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** `GET /api/v1/spl_token_info?mint_address&cluster` (funding spec, "The calls it makes"): an SPL mint's symbol and decimals. */
export function getSplTokenInfo(transport: Transport, mintAddress: string, cluster: string): Promise<SplTokenInfoResponse> {
  return transport.request(scanRoutes.splTokenInfo, { query: { mint_address: mintAddress, cluster } })
}
