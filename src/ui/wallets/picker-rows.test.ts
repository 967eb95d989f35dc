import { describe, expect, it } from 'vitest'
import type { WalletOption } from '../../core/index.js'
import { defaultConfig } from '../../core/config/defaults.js'
import { walletNetworks } from './network-choice.js'
import { pickerRows, WALLET_SEARCH_THRESHOLD } from './picker-rows.js'
import { offersLedger } from './network-choice.js'
import { suggestedWallets } from './suggested-wallets.js'

const option = (name: string, overrides: Partial<WalletOption> = {}): WalletOption => ({
  id: name.toLowerCase(),
  name,
  icon: null,
  chains: ['ethereum'],
  connectorType: 'injected',
  installed: true,
  ...overrides,
})
const names = (options: { option: WalletOption }[]) => options.map((row) => row.option.name)

describe('pickerRows (wallet spec, "Screens and routes": wallet picker)', () => {
  const six = ['MetaMask', 'Rainbow', 'Phantom', 'Zerion', 'Rabby', 'Backpack'].map((name) => option(name))

  it('shows the search box only above 6 wallets, or while a search is typed', () => {
    expect(WALLET_SEARCH_THRESHOLD).toBe(6)
    expect(pickerRows(six, '', null).showSearch).toBe(false)
    expect(pickerRows([...six, option('Uniswap')], '', null).showSearch).toBe(true)
    // Typing keeps the box even when the list is short, so the user can clear the search.
    expect(pickerRows(six.slice(0, 2), 'x', null).showSearch).toBe(true)
  })

  it('keeps the wallet-list order and puts the last used wallet first with its chip', () => {
    const { rows } = pickerRows(six, '', 'phantom')
    expect(names(rows)).toEqual(['Phantom', 'MetaMask', 'Rainbow', 'Zerion', 'Rabby', 'Backpack'])
    expect(rows.map((row) => row.lastUsed)).toEqual([true, false, false, false, false, false])
    // A remembered wallet that is no longer listed changes nothing.
    expect(names(pickerRows(six, '', 'gone').rows)).toEqual(six.map((wallet) => wallet.name))
  })

  it('filters by name, case-insensitively and ignoring surrounding spaces', () => {
    expect(names(pickerRows(six, '  ra ', null).rows)).toEqual(['Rainbow', 'Rabby'])
    expect(names(pickerRows(six, 'META', 'phantom').rows)).toEqual(['MetaMask'])
  })

  it("says 'No wallets found' only for a search that matched nothing, not for an empty list", () => {
    expect(pickerRows(six, 'ledger', null)).toMatchObject({ rows: [], noMatches: true })
    expect(pickerRows([], '', null)).toMatchObject({ rows: [], noMatches: false })
  })
})

describe('walletNetworks', () => {
  const phantom = option('Phantom', { chains: ['ethereum', 'solana'] })

  it("offers both networks only when the app signs in with both ('Select network')", () => {
    expect(walletNetworks(phantom, 'ethereum-and-solana')).toEqual(['ethereum', 'solana'])
    expect(walletNetworks(phantom, 'ethereum-only')).toEqual(['ethereum'])
    expect(walletNetworks(phantom, 'solana-only')).toEqual(['solana'])
  })
})

describe('offersLedger (wallet spec, "Screens and routes": Ledger prompt)', () => {
  it('asks only for Phantom on Solana', () => {
    expect(offersLedger(option('Phantom', { chains: ['ethereum', 'solana'] }), 'solana')).toBe(true)
    expect(offersLedger(option('Phantom', { chains: ['ethereum', 'solana'] }), 'ethereum')).toBe(false)
    expect(offersLedger(option('Solflare', { chains: ['solana'] }), 'solana')).toBe(false)
  })
})

describe('suggestedWallets (sign-in spec, "Screens and routes": empty wallet state)', () => {
  it('suggests Rainbow, Phantom and Coinbase Wallet, or Phantom and Solflare for Solana-only apps', () => {
    expect(defaultConfig('tessera-test-app-00000003').appearance.walletChainType).toBe('ethereum-only')
    expect(suggestedWallets('ethereum-only').map((wallet) => wallet.name)).toEqual(['Rainbow', 'Phantom', 'Coinbase Wallet'])
    expect(suggestedWallets('ethereum-and-solana').map((wallet) => wallet.name)).toEqual(['Rainbow', 'Phantom', 'Coinbase Wallet'])
    expect(suggestedWallets('solana-only').map((wallet) => wallet.name)).toEqual(['Phantom', 'Solflare'])
    for (const wallet of suggestedWallets('ethereum-only')) expect(wallet.url).toMatch(/^https:\/\//)
  })
})
