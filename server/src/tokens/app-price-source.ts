import type { AppRecord } from '../apps/types.js'
import type { Clock } from '../clock.js'
import { coinGeckoPriceSource } from './coingecko-prices.js'
import { fixedPriceSource } from './fixed-prices.js'
import type { PriceSource } from './price-source.js'

/** The app's prices: its fixed table first, then CoinGecko when the app configures it. */
export function appPriceSource(app: AppRecord, clock: Clock): PriceSource {
  const sources = [fixedPriceSource(app.tokenPrices), ...(app.coingecko ? [coinGeckoPriceSource(app.coingecko, clock)] : [])]
  return {
    async usdPrice(query) {
      for (const source of sources) {
        const usd = await source.usdPrice(query)
        if (usd !== null) return usd
      }
      return null
    },
  }
}
