import { describe, expect, it } from 'vitest'
import type { FundingSession } from '../../../core/index.js'
import { t } from '../../copy/funding.js'
import { formatFunded, localUsd, networkName, receiveUri, symbolOf } from './funding-display.js'

const base = {
  id: 84532,
  name: 'Base Sepolia',
  network: 'base-sepolia',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:9',
  blockExplorerUrl: null,
  testnet: true,
}
const ethereumAddress = `0x${'ab'.repeat(20)}`
const solanaAddress = 'So1anaFixtureAddress1111111111111111111111'
const usdcMint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'

const ethereum = (asset: FundingSession['asset']) => ({ chainType: 'ethereum', address: ethereumAddress, chain: base, cluster: null, asset }) as const
const solana = (asset: FundingSession['asset'], name: 'mainnet-beta' | 'devnet' = 'devnet') =>
  ({ chainType: 'solana', address: solanaAddress, chain: null, cluster: { name, rpcUrl: 'http://127.0.0.1:9' }, asset }) as const
const native = (symbol: string, decimals: number) => ({ kind: 'native', symbol, decimals, address: null }) as const

describe('receiveUri (funding spec, "Screens and routes": chain type, address, Solana USDC mint)', () => {
  it('Ethereum: an EIP-681 URI with the chain id, whatever the asset', () => {
    expect(receiveUri(ethereum(native('ETH', 18)))).toBe(`ethereum:${ethereumAddress}@84532`)
    expect(receiveUri(ethereum({ kind: 'usdc', symbol: 'USDC', decimals: 6, address: `0x${'11'.repeat(20)}` }))).toBe(`ethereum:${ethereumAddress}@84532`)
  })

  it("Solana: a Solana Pay URI; USDC names its mint as 'spl-token'", () => {
    expect(receiveUri(solana(native('SOL', 9)))).toBe(`solana:${solanaAddress}`)
    expect(receiveUri(solana({ kind: 'usdc', symbol: 'USDC', decimals: 6, address: usdcMint }))).toBe(`solana:${solanaAddress}?spl-token=${usdcMint}`)
  })
})

describe('what the screens show of a session', () => {
  it("names the chain, or the Solana cluster ('Solana' on mainnet)", () => {
    expect(networkName(t, ethereum(null))).toBe('Base Sepolia')
    expect(networkName(t, solana(null))).toBe('Solana Devnet')
    expect(networkName(t, solana(null, 'mainnet-beta'))).toBe('Solana')
  })

  it("the asset's symbol, the native one while an ERC-20's details load", () => {
    expect(symbolOf({ ...ethereum({ kind: 'erc20', symbol: 'DAI', decimals: 18, address: `0x${'22'.repeat(20)}` }) })).toBe('DAI')
    expect(symbolOf(ethereum(null))).toBe('ETH')
    expect(symbolOf(solana(null))).toBe('SOL')
  })

  it('native amounts show 3 decimals, tokens their own', () => {
    expect(formatFunded({ value: 1_234_567_000_000_000_000n, decimals: 18, symbol: 'ETH', usd: null }, { asset: native('ETH', 18) })).toBe('1.234 ETH')
    expect(
      formatFunded({ value: 1_234_567n, decimals: 6, symbol: 'USDC', usd: 1.23 }, { asset: { kind: 'usdc', symbol: 'USDC', decimals: 6, address: null } }),
    ).toBe('1.234567 USDC ($1.23)')
  })

  it("writes the USD equivalent in the element's language", () => {
    expect(localUsd('1234.50', 'en')).toBe('1234.50')
    expect(localUsd('1234.50', 'es')).toBe('1234,50')
    expect(localUsd('<0.01', 'de')).toBe('<0,01')
  })
})
