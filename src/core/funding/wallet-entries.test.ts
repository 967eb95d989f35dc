import { describe, expect, it } from 'vitest'
import type { ConnectedWallet, WalletOption } from '../wallets/types.js'
import { resolveFunding } from './resolve-funding.js'
import { fundingAppConfig } from './test-support/funding-config.js'
import { payerChainTypes, walletEntries } from './wallet-entries.js'

const funded = '0x1111111111111111111111111111111111111111'
const option = (id: string, chains: WalletOption['chains'], extra: Partial<WalletOption> = {}): WalletOption => ({
  id,
  name: id.toUpperCase(),
  icon: null,
  chains,
  connectorType: 'injected',
  installed: true,
  ...extra,
})
const connected = (address: string, chain: 'ethereum' | 'solana', walletClientType: string) =>
  ({
    address,
    chain,
    chainId: chain === 'ethereum' ? 'eip155:1' : 'solana:5eykt4Us',
    walletClientType,
    connectorType: 'injected',
    linked: false,
    meta: { name: `${walletClientType} wallet`, icon: 'data:,', id: walletClientType },
  }) as unknown as ConnectedWallet

describe('\'Transfer from wallet\' entries (funding spec, "Screens and routes")', () => {
  it('takes Solana wallets for an Ethereum destination only with bridging to a mainnet, and never for another ERC-20', () => {
    const config = (bridging: boolean) => fundingAppConfig({ cross_chain_bridging_enabled: bridging })
    expect(payerChainTypes(resolveFunding({ address: funded }, config(false)))).toBe('ethereum-only')
    expect(payerChainTypes(resolveFunding({ address: funded }, config(true)))).toBe('ethereum-and-solana')
    expect(payerChainTypes(resolveFunding({ address: funded, chain: 84532 }, config(true)))).toBe('ethereum-only')
    expect(payerChainTypes(resolveFunding({ address: funded, asset: { erc20: '0x2222222222222222222222222222222222222222' } }, config(true)))).toBe(
      'ethereum-only',
    )
    const solana = { address: 'So11111111111111111111111111111111111111112', chainType: 'solana' as const }
    expect(payerChainTypes(resolveFunding(solana, config(true)))).toBe('ethereum-and-solana')
    expect(payerChainTypes(resolveFunding({ ...solana, asset: 'USDC' }, config(true)))).toBe('solana-only')
    expect(payerChainTypes(resolveFunding(solana, config(false)))).toBe('solana-only')
  })

  it('lists the connected wallets first, then the installed ones that can connect, of the payable chains, never the funded wallet', () => {
    const options = [
      option('io.metamask', ['ethereum']),
      option('Phantom', ['solana']),
      option('io.rabby', ['ethereum'], { installed: false }),
      option('wallet_connect', ['ethereum'], { installed: false, connectorType: 'wallet_connect' }),
      option('okx', ['ethereum', 'solana']),
    ]
    const wallets = [
      connected('0xAAAA000000000000000000000000000000000001', 'ethereum', 'io.metamask'),
      connected(funded.toUpperCase().replace('0X', '0x'), 'ethereum', 'okx'),
      connected('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 'solana', 'Phantom'),
    ]
    expect(walletEntries(wallets, options, 'ethereum-only', funded)).toEqual(
      [
        {
          id: 'connected:0xAAAA000000000000000000000000000000000001',
          name: 'io.metamask wallet',
          icon: 'data:,',
          chain: 'ethereum',
          connected: true,
          address: '0xAAAA000000000000000000000000000000000001',
        },
        { id: 'Phantom', name: 'PHANTOM', icon: null, chain: 'solana', connected: false, address: null },
        { id: 'wallet_connect', name: 'WALLET_CONNECT', icon: null, chain: 'ethereum', connected: false, address: null },
        { id: 'okx', name: 'OKX', icon: null, chain: 'ethereum', connected: false, address: null },
      ].filter((entry) => entry.chain === 'ethereum'),
    )
    expect(walletEntries(wallets, options, 'ethereum-and-solana', funded).map((entry) => `${entry.id}/${entry.chain}`)).toEqual([
      'connected:0xAAAA000000000000000000000000000000000001/ethereum',
      'connected:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin/solana',
      'wallet_connect/ethereum',
      'okx/ethereum',
    ])
    expect(walletEntries(wallets, options, 'solana-only', funded).map((entry) => entry.id)).toEqual([
      'connected:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      'okx',
    ])
  })
})
