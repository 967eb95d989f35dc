/** App configs with funding for the funding tests: every option on, Base recommended, bridging off unless asked. */
import type { AppConfigDto, ChainDto } from '../../../protocol/index.js'
import type { FundingConfigDto } from '../../../protocol/funding.js'
import { configFromDto } from '../../config/from-dto.js'
import { appConfigDto } from '../../test-support/fixtures.js'

export const allFundingOptions: FundingConfigDto['options'] = [
  { method: 'card', provider: 'coinbase' },
  { method: 'card', provider: 'moonpay' },
  { method: 'exchange', provider: 'coinbase' },
  { method: 'wallets', provider: 'external' },
]

export function fundingConfigDto(overrides: Partial<FundingConfigDto> = {}): FundingConfigDto {
  return {
    default_recommended_currency: { chain: 'eip155:8453', asset: 'native-currency' },
    default_recommended_amount: '0.05',
    methods: ['coinbase-onramp', 'moonpay', 'external'],
    options: allFundingOptions,
    prompt_funding_on_wallet_creation: false,
    cross_chain_bridging_enabled: false,
    ...overrides,
  }
}

/** A local chain as the app config names it, playing `network` for the on-ramps. */
export const localChainDto = (id: number, rpcUrl: string, extra: Partial<ChainDto> = {}): ChainDto => ({
  id,
  name: `Local ${id}`,
  native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpc_url: rpcUrl,
  block_explorer_url: null,
  testnet: false,
  ...extra,
})

export const fundingAppConfig = (funding: Partial<FundingConfigDto> = {}, config: Partial<AppConfigDto> = {}) =>
  configFromDto(appConfigDto({ funding_config: fundingConfigDto(funding), ...config }))
