import type { FundingConfigDto, FundingOptionDto, FundingProviderMethod } from '../../../src/protocol/funding.js'
import type { FundingSettings } from '../apps/types.js'

/** The landing options each method brings: Coinbase is both a card provider and the exchange transfer. */
const optionsByMethod: Record<FundingProviderMethod, FundingOptionDto[]> = {
  'coinbase-onramp': [
    { method: 'card', provider: 'coinbase' },
    { method: 'exchange', provider: 'coinbase' },
  ],
  moonpay: [{ method: 'card', provider: 'moonpay' }],
  external: [{ method: 'wallets', provider: 'external' }],
}

/** `funding_config` of the app config (funding spec, "Entities and their fields"), in the order of the app's methods; no provider setting leaves the server. */
export function toFundingConfigDto(funding: FundingSettings | null): FundingConfigDto | null {
  if (!funding) return null
  const { chain, asset } = funding.defaultRecommendedCurrency
  return {
    default_recommended_currency: { chain, ...(asset && { asset }) },
    default_recommended_amount: funding.defaultRecommendedAmount,
    methods: funding.methods,
    options: funding.methods.flatMap((method) => optionsByMethod[method]),
    prompt_funding_on_wallet_creation: funding.promptFundingOnWalletCreation,
    cross_chain_bridging_enabled: funding.crossChainBridgingEnabled && funding.bridge !== null,
  }
}
