import { priceKey, type PriceSource } from './price-source.js'

/** Prices from a fixed table (the app file's `token_prices`): the dev stack and tests use it. */
export function fixedPriceSource(prices: Record<string, number>): PriceSource {
  return { usdPrice: async (query) => prices[priceKey(query)] ?? null }
}
