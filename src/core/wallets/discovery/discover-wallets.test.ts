// Discovery through mipd's store and @wallet-standard/app: what the list keeps, replaces, drops and never shows.
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { createTestEthereumWallet } from '../test-support/ethereum-wallet.js'
import { announceEip6963, eip1193Provider, fakePage, standardWallet } from '../test-support/fake-page.js'
import { createTestSolanaWallet } from '../test-support/solana-wallet.js'
import { markAnnouncedByTessera } from './announced-by-tessera.js'
import { discoverWallets } from './discover-wallets.js'

const provider = () => eip1193Provider(createTestEthereumWallet({ privateKey: generatePrivateKey() }))

describe('discoverWallets', () => {
  it('lists a re-announced rdns once with its latest provider, and skips details without an rdns or a request function', () => {
    const page = fakePage()
    const first = provider()
    const second = provider()
    announceEip6963(page, first, { rdns: 'io.metamask', name: 'MetaMask' })
    const discovery = discoverWallets(page as unknown as Window, () => undefined)
    announceEip6963(page, second, { rdns: 'io.metamask', name: 'MetaMask' })
    announceEip6963(page, provider(), { rdns: '', name: 'Nameless' })
    announceEip6963(page, { request: 'no' } as never, { rdns: 'com.example.broken', name: 'Broken' })
    expect(discovery.wallets().map((wallet) => [wallet.option.id, wallet.ethereum === second])).toEqual([['io.metamask', true]])
    discovery.stop()
  })

  it('drops a wallet-standard wallet that unregisters, and hears the change', () => {
    fakePage()
    const onChange = vi.fn()
    const discovery = discoverWallets(globalThis.window, onChange)
    const unregister = getWallets().register(standardWallet(createTestSolanaWallet(), { name: 'Solflare' }) as unknown as Wallet)
    expect(discovery.wallets().map((wallet) => wallet.option.id)).toEqual(['Solflare'])
    unregister()
    expect(discovery.wallets()).toEqual([])
    expect(onChange).toHaveBeenCalledTimes(2)
    discovery.stop()
  })

  it('never lists what Tessera itself announced, on either standard', () => {
    const page = fakePage()
    announceEip6963(page, markAnnouncedByTessera(provider()), { rdns: 'io.tessera.someapp', name: 'Some App' })
    const discovery = discoverWallets(page as unknown as Window, () => undefined)
    const unregister = getWallets().register(markAnnouncedByTessera(standardWallet(createTestSolanaWallet(), { name: 'Some App' })) as unknown as Wallet)
    expect(discovery.wallets()).toEqual([])
    unregister()
    discovery.stop()
  })
})
