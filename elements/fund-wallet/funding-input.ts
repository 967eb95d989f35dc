import type { FundingMethod, FundWalletInput, SolanaClusterName, TesseraClient } from '../../src/core/index.js'
import type { FundWalletChainType, FundWalletConfig } from './types.js'

/** The attributes (and `config`) of `<fund-wallet>` that say what to fund. */
export interface FundingAttributes {
  address?: string
  chainType?: FundWalletChainType
  chainId?: number
  cluster?: string
  amount?: string
  asset?: string
  defaultMethod?: string
  config?: FundWalletConfig
}

/** The wallet a funding request without an address is for: the user's first embedded wallet of the chain type. */
export const defaultFundingAddress = (client: TesseraClient, chainType: FundWalletChainType): string | undefined =>
  client.embeddedWallets.getState().wallets.find((wallet) => wallet.chainType === chainType)?.address

/** The session the attributes ask for, for `address`; values the core does not know are passed on for it to refuse. */
export function fundingInput(attributes: FundingAttributes & { address: string }): FundWalletInput {
  const chainType = attributes.chainType === 'solana' ? 'solana' : 'ethereum'
  const { config = {}, address, amount, asset, defaultMethod } = attributes
  const common = {
    address,
    ...(amount ? { amount } : {}),
    ...(defaultMethod ? { defaultFundingMethod: defaultMethod as FundingMethod } : {}),
    ...(config.uiConfig ? { uiConfig: config.uiConfig } : {}),
    ...(config.card ? { card: config.card } : {}),
    ...(config.crossChainBridgingEnabled === false ? { crossChainBridgingEnabled: false } : {}),
  }
  if (chainType === 'solana') {
    return {
      ...common,
      chainType,
      ...(attributes.cluster ? { cluster: { name: attributes.cluster as SolanaClusterName } } : {}),
      ...(asset ? { asset: asset as 'native-currency' | 'USDC' } : {}),
    }
  }
  return {
    ...common,
    ...(attributes.chainId !== undefined ? { chain: attributes.chainId } : {}),
    ...(asset ? { asset: asset.startsWith('0x') ? { erc20: asset } : (asset as 'native-currency' | 'USDC') } : {}),
  }
}
