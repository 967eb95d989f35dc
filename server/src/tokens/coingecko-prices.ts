import type { Clock } from '../clock.js'
import type { CoinGeckoSettings } from '../apps/types.js'
import type { PriceSource } from './price-source.js'

/** CoinGecko coin ids of the built-in chains' native currencies and USDC (ERC-20s are priced from the fixed table only). */
export const COINGECKO_IDS: Record<string, string> = {
  ETH: 'ethereum',
  SOL: 'solana',
  USDC: 'usd-coin',
  POL: 'polygon-ecosystem-token',
  MATIC: 'polygon-ecosystem-token',
  AVAX: 'avalanche-2',
  BNB: 'binancecoin',
  CELO: 'celo',
}

/** Prices stay this long: a confirmation screen asks again on every open, CoinGecko's free tier allows little. */
export const COINGECKO_CACHE_MS = 60_000
const TIMEOUT_MS = 5_000
/** Per process: a price is public data, so a shared cache leaks nothing between apps. */
const cache = new Map<string, { usd: number; until: number }>()

/**
 * CoinGecko's documented simple price API (`GET {api}/simple/price?ids=&vs_currencies=usd`). The API key, when set,
 * goes in `x-cg-pro-api-key` for the pro host and `x-cg-demo-api-key` otherwise. Failures read as "no price".
 */
export function coinGeckoPriceSource(settings: CoinGeckoSettings, clock: Clock, env: NodeJS.ProcessEnv = process.env): PriceSource {
  return {
    async usdPrice(query) {
      if (!('symbol' in query)) return null
      const id = COINGECKO_IDS[query.symbol.toUpperCase()]
      if (!id) return null
      const cacheKey = `${settings.apiUrl} ${id}`
      const cached = cache.get(cacheKey)
      if (cached && cached.until > clock.now()) return cached.usd
      const url = `${settings.apiUrl}/simple/price?ids=${encodeURIComponent(id)}&vs_currencies=usd`
      const apiKey = settings.apiKeyEnv ? env[settings.apiKeyEnv] : undefined
      const headerName = new URL(settings.apiUrl).hostname === 'pro-api.coingecko.com' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', ...(apiKey && { [headerName]: apiKey }) },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        if (!response.ok) return null
        const usd = ((await response.json()) as Record<string, { usd?: unknown } | undefined>)[id]?.usd
        if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0) return null
        cache.set(cacheKey, { usd, until: clock.now() + COINGECKO_CACHE_MS })
        return usd
      } catch {
        return null // unreachable or malformed: the caller answers "no price"
      }
    },
  }
}
