/**
 * The currency codes the sign route accepts (the reference clients' list), each with MoonPay's code for it: MoonPay
 * names an asset on its home network by its symbol ('ETH', 'USDC') and elsewhere by symbol and network ('ETH_BASE').
 */
const evmCurrencyCodes: Record<string, string> = {
  AVAX_CCHAIN: 'AVAX_CCHAIN',
  CELO_CELO: 'CELO',
  CUSD_CELO: 'CUSD',
  DAI_ETHEREUM: 'DAI',
  ETH_ETHEREUM: 'ETH',
  ETH_ARBITRUM: 'ETH_ARBITRUM',
  ETH_OPTIMISM: 'ETH_OPTIMISM',
  ETH_POLYGON: 'ETH_POLYGON',
  ETH_BASE: 'ETH_BASE',
  FIL_FVM: 'FIL',
  MATIC_ETHEREUM: 'MATIC',
  MATIC_POLYGON: 'MATIC_POLYGON',
  USDC_ETHEREUM: 'USDC',
  USDC_ARBITRUM: 'USDC_ARBITRUM',
  USDC_OPTIMISM: 'USDC_OPTIMISM',
  USDC_POLYGON: 'USDC_POLYGON',
  USDC_BASE: 'USDC_BASE',
  USDT_ETHEREUM: 'USDT',
  USDT_POLYGON: 'USDT_POLYGON',
  WETH_POLYGON: 'WETH',
  WBTC_ETHEREUM: 'WBTC',
  BNB_BNB: 'BNB',
  BNB_BSC: 'BNB_BSC',
  CELO: 'CELO',
  CUSD: 'CUSD',
  DAI: 'DAI',
  ETH: 'ETH',
  FIL: 'FIL',
  MATIC: 'MATIC',
  USDC: 'USDC',
  USDT: 'USDT',
  WETH: 'WETH',
  WBTC: 'WBTC',
}
const solanaCurrencyCodes: Record<string, string> = { SOL: 'SOL', USDC_SOL: 'USDC_SOL' }

/** MoonPay's code (lowercase, as its widget documents `currencyCode`) for a requested code on the wallet's chain; null when the chain has no such asset. */
export function moonpayCurrencyCode(requested: string, chain: 'ethereum' | 'solana'): string | null {
  const codes = chain === 'solana' ? solanaCurrencyCodes : evmCurrencyCodes
  return Object.hasOwn(codes, requested) ? codes[requested]!.toLowerCase() : null
}
