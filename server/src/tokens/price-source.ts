/** What a USD price is asked for: a currency by symbol (natives, chain 0 = Solana) or an ERC-20 by its address. */
export type PriceQuery = { chainId: number; symbol: string } | { chainId: number; address: string }

/** A source of USD prices per whole unit; null when it has none for the query. */
export interface PriceSource {
  usdPrice(query: PriceQuery): Promise<number | null>
}

/** The key fixed prices are listed under (app file `token_prices`): `<chainId>:<SYMBOL>` or `<chainId>:<lowercase address>`. */
export const priceKey = (query: PriceQuery): string =>
  'symbol' in query ? `${query.chainId}:${query.symbol.toUpperCase()}` : `${query.chainId}:${query.address.toLowerCase()}`
