import { describe, expect, it } from 'vitest'
import { moonpayCurrencyOf, coinbaseAssetOf, onrampNetworkOf, usdcAddressOf, usdcMintOf } from '../chains/funding-tables.js'
import { resolveFunding } from './resolve-funding.js'
import { fundingAppConfig, localChainDto } from './test-support/funding-config.js'
import type { FundWalletInput } from './types.js'

const evmAddress = '0x1111111111111111111111111111111111111111'
const solanaAddress = 'So11111111111111111111111111111111111111112'
const refusal = (input: unknown, config = fundingAppConfig()) => {
  try {
    resolveFunding(input as FundWalletInput, config)
  } catch (error) {
    return error as { code: string; shortMessage: string }
  }
  throw new Error('expected a refusal')
}

describe('the funding tables (funding spec, "Business constants and limits")', () => {
  it('know the built-in networks and USDC, and let a chain outside them name its own', () => {
    const config = fundingAppConfig(
      {},
      { chains: [localChainDto(31337, 'http://127.0.0.1:8545', { onramp_network: 'base', usdc_address: '0x00000000000000000000000000000000000000aa' })] },
    )
    expect([1, 8453, 10, 137, 42161].map((id) => onrampNetworkOf(config, id))).toEqual(['ethereum', 'base', 'optimism', 'polygon', 'arbitrum'])
    expect(onrampNetworkOf(config, 31337)).toBe('base')
    expect(onrampNetworkOf(config, 11155111)).toBeNull()
    expect(usdcAddressOf(config, 8453)).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')
    expect(usdcAddressOf(config, 31337)).toBe('0x00000000000000000000000000000000000000aa')
    expect(usdcAddressOf(config, 7777777)).toBeNull()
    expect(usdcMintOf({ name: 'mainnet-beta', rpcUrl: '', blockExplorerUrl: null })).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
    expect(usdcMintOf({ name: 'devnet', rpcUrl: '', blockExplorerUrl: null, usdcMint: 'Mint1111111111111111111111111111111111111111' })).toBe(
      'Mint1111111111111111111111111111111111111111',
    )
    expect(usdcMintOf({ name: 'testnet', rpcUrl: '', blockExplorerUrl: null })).toBeNull()
  })

  it('name the providers’ assets: the first provider by ticker, the second by its currency codes', () => {
    expect(coinbaseAssetOf('polygon', 'native-currency')).toBe('POL')
    expect(coinbaseAssetOf('base', 'native-currency')).toBe('ETH')
    expect(coinbaseAssetOf('solana', 'native-currency')).toBe('SOL')
    expect(coinbaseAssetOf('arbitrum', 'USDC')).toBe('USDC')
    expect(moonpayCurrencyOf('base', 'native-currency')).toBe('ETH_BASE')
    expect(moonpayCurrencyOf('optimism', 'USDC')).toBe('USDC_OPTIMISM')
    expect(moonpayCurrencyOf('optimism', 'native-currency')).toBeNull()
    expect(moonpayCurrencyOf('avalanche', 'native-currency')).toBe('AVAX_CCHAIN')
    expect(moonpayCurrencyOf('solana', 'USDC')).toBe('USDC_SOL')
    expect(moonpayCurrencyOf(null, 'USDC')).toBeNull()
  })
})

describe('resolving a funding request (funding spec, "Entities and their fields" and "Validation rules")', () => {
  it("raises a confirmation's top-up to the app's recommendation for the same asset and chain, never another's", () => {
    expect(resolveFunding({ address: evmAddress, chain: 8453, amount: '0.00103' }, fundingAppConfig(), true).amount).toBe('0.05')
    expect(resolveFunding({ address: evmAddress, chain: 8453, amount: '0.2' }, fundingAppConfig(), true).amount).toBe('0.2')
    expect(resolveFunding({ address: evmAddress, chain: 8453, amount: '0.00103' }, fundingAppConfig()).amount).toBe('0.00103')
    expect(resolveFunding({ address: evmAddress, chain: 1, amount: '0.00103' }, fundingAppConfig(), true).amount).toBe('0.00103')
    expect(resolveFunding({ address: evmAddress, chain: 8453, asset: 'USDC', amount: '0.5' }, fundingAppConfig(), true).amount).toBe('0.5')
  })

  it("defaults to the recommended currency's chain and amount, and offers every method there", () => {
    const resolved = resolveFunding({ address: evmAddress }, fundingAppConfig())
    expect(resolved.place).toMatchObject({ chainType: 'ethereum', chain: { id: 8453, name: 'Base' } })
    expect(resolved.asset).toEqual({ kind: 'native', symbol: 'ETH', decimals: 18, address: null })
    expect(resolved).toMatchObject({
      amount: '0.05',
      network: 'base',
      offered: { card: ['coinbase', 'moonpay'], exchange: true, wallet: true },
      bridging: false,
      testnet: false,
    })
  })

  it('falls back to the embedded default chain, puts the preferred card provider first, and takes USDC by address', () => {
    const config = fundingAppConfig({ default_recommended_currency: { chain: 'solana:mainnet-beta' } }, { default_chain_id: 10 })
    const resolved = resolveFunding(
      { address: evmAddress, asset: { erc20: '0x0b2c639c533813f4aa9d7837caf62653d097ff85' }, card: { preferredProvider: 'moonpay' } },
      config,
    )
    expect(resolved.place).toMatchObject({ chain: { id: 10 } })
    expect(resolved.asset).toEqual({ kind: 'usdc', symbol: 'USDC', decimals: 6, address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' })
    expect(resolved.offered.card).toEqual(['moonpay', 'coinbase'])
  })

  it('offers the card providers only where they sell the asset, with the first provider’s chain rule', () => {
    // Avalanche: the second provider sells its native currency, the first provider nothing.
    const avalanche = resolveFunding({ address: evmAddress, chain: 43114 }, fundingAppConfig())
    expect(avalanche.offered).toEqual({ card: ['moonpay'], exchange: false, wallet: true })
    expect(avalanche.coinbaseRefusal?.shortMessage).toBe('Unsupported chainId: 43114 for Coinbase Onramp')
    // An ERC-20 other than USDC is bought by no card provider.
    const token = resolveFunding({ address: evmAddress, asset: { erc20: '0x2222222222222222222222222222222222222222' } }, fundingAppConfig())
    expect(token.asset).toEqual({ kind: 'erc20', address: '0x2222222222222222222222222222222222222222', symbol: null, decimals: null })
    expect(token.offered).toEqual({ card: [], exchange: false, wallet: true })
    // A local chain playing Base is sold on like Base.
    const local = resolveFunding(
      { address: evmAddress, chain: { id: 31337 } },
      fundingAppConfig({}, { chains: [localChainDto(31337, 'http://127.0.0.1:8545', { onramp_network: 'base' })] }),
    )
    expect(local).toMatchObject({ network: 'base', offered: { card: ['coinbase', 'moonpay'], exchange: true } })
  })

  it('turns the external wallet off for USDC where its address is unknown', () => {
    const config = fundingAppConfig({}, { chains: [localChainDto(31337, 'http://127.0.0.1:8545', { onramp_network: 'base' })] })
    const resolved = resolveFunding({ address: evmAddress, chain: 31337, asset: 'USDC' }, config)
    expect(resolved.asset).toEqual({ kind: 'usdc', symbol: 'USDC', decimals: 6, address: null })
    expect(resolved.offered.wallet).toBe(false)
  })

  it('funds Solana on the asked cluster, else the recommended one, else mainnet-beta', () => {
    const config = fundingAppConfig(
      { cross_chain_bridging_enabled: true },
      {
        solana_clusters: [
          { name: 'devnet', rpc_url: 'http://127.0.0.1:8899', block_explorer_url: null, usdc_mint: 'Mint1111111111111111111111111111111111111111' },
        ],
      },
    )
    const usdc = resolveFunding(
      { address: solanaAddress, chainType: 'solana', cluster: { name: 'devnet' }, asset: 'USDC', crossChainBridgingEnabled: false },
      config,
    )
    expect(usdc).toMatchObject({
      place: { chainType: 'solana', cluster: { name: 'devnet', rpcUrl: 'http://127.0.0.1:8899' } },
      network: 'solana',
      testnet: true,
      bridging: false,
    })
    expect(usdc.asset).toEqual({ kind: 'usdc', symbol: 'USDC', decimals: 6, address: 'Mint1111111111111111111111111111111111111111' })
    const sol = resolveFunding({ address: solanaAddress, chainType: 'solana' }, config)
    expect(sol).toMatchObject({
      place: { cluster: { name: 'mainnet-beta' } },
      asset: { kind: 'native', symbol: 'SOL', decimals: 9 },
      bridging: true,
      offered: { card: ['coinbase', 'moonpay'], exchange: true },
    })
    const recommended = fundingAppConfig({ default_recommended_currency: { chain: 'solana:devnet', asset: 'USDC' } })
    expect(resolveFunding({ address: solanaAddress, chainType: 'solana' }, recommended)).toMatchObject({
      place: { cluster: { name: 'devnet' } },
      asset: { kind: 'usdc' },
    })
  })

  it('refuses with the spec’s messages', () => {
    expect(refusal({ address: evmAddress }, fundingAppConfig({ options: [] }))).toMatchObject({
      code: 'feature_not_enabled',
      shortMessage: 'Wallet funding is not enabled',
    })
    expect(refusal({ address: evmAddress }, { ...fundingAppConfig(), fundingConfig: null })).toMatchObject({ shortMessage: 'Wallet funding is not enabled' })
    expect(refusal({ address: evmAddress, chain: 5 })).toMatchObject({
      code: 'unsupported_chain_id',
      shortMessage: "Funding chain 5 is not in the provider's chains list",
    })
    expect(refusal({ address: solanaAddress, chainType: 'solana', cluster: { name: 'testnet' }, asset: 'USDC' })).toMatchObject({
      shortMessage: 'USDC funding is not supported on the Solana testnet',
    })
    for (const input of [
      { address: solanaAddress },
      { address: evmAddress, chainType: 'solana' },
      { address: evmAddress, cluster: { name: 'devnet' } },
      { address: solanaAddress, chainType: 'solana', chain: 1 },
      { address: solanaAddress, chainType: 'solana', asset: { erc20: evmAddress } },
      { address: evmAddress, chainType: 'bitcoin' },
      { address: evmAddress, asset: 'DAI' },
      { address: evmAddress, amount: '-1' },
      { address: evmAddress, amount: '0' },
      { address: evmAddress, defaultFundingMethod: 'cash' },
      { address: evmAddress, crossChainBridgingEnabled: 'yes' },
      { address: solanaAddress, chainType: 'solana', cluster: { name: 'localnet' } },
    ]) {
      expect(refusal(input), JSON.stringify(input)).toMatchObject({ code: 'invalid_data', shortMessage: 'Invalid funding data' })
    }
  })
})
