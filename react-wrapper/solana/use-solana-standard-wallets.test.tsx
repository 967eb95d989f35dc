import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { embeddedStateWhere } from '../../src/core/wallets/embedded/test-support/embedded-client.js'
import { standardWallet } from '../../src/core/wallets/test-support/fake-page.js'
import { createTestSolanaWallet } from '../../src/core/wallets/test-support/solana-wallet.js'
import { announcedClient } from '../test-support/announced-client.js'
import { standardWalletsStore } from './standard-wallets-store.js'
import { useSolanaStandardWallets, type UseSolanaStandardWalletsResult } from './index.js'

const register = (wallet: object) => getWallets().register(wallet as Wallet)

let hook = {} as UseSolanaStandardWalletsResult
function Probe() {
  hook = useSolanaStandardWallets()
  return null
}

describe('useSolanaStandardWallets (tessera/react/solana)', () => {
  it("lists the embedded Solana wallet first, then the page's other Solana wallet-standard wallets as they register and unregister, never Tessera's own twice", async () => {
    const { testbed, client, render } = await announcedClient()
    // A wallet already on the page, and one on Ethereum only (not listed).
    const unregisterPhantom = register(standardWallet(createTestSolanaWallet(), { name: 'Phantom' }))
    const unregisterEthereumOnly = register({ ...standardWallet(createTestSolanaWallet(), { name: 'EthOnly' }), chains: ['eip155:1'] })
    await testbed.login(client)
    const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
    const embedded = await standardWalletsStore(client).start()
    // The embedded wallet is registered on the page too (the app announces): listed once, first.
    await expect
      .poll(() =>
        getWallets()
          .get()
          .includes(embedded as never),
      )
      .toBe(true)
    const unregisterBackpack = register(standardWallet(createTestSolanaWallet(), { name: 'Backpack' }))

    render(<Probe />)
    expect(hook.wallets.map((wallet) => wallet.name)).toEqual(['Test App', 'Phantom', 'Backpack'])
    expect(hook.wallets[0]).toBe(embedded)
    expect(hook.wallets[0]!.accounts.map((account) => account.address)).toEqual([wallets.find((wallet) => wallet.chainType === 'solana')!.address])

    unregisterPhantom()
    render(<Probe />)
    expect(hook.wallets.map((wallet) => wallet.name)).toEqual(['Test App', 'Backpack'])
    unregisterBackpack()
    unregisterEthereumOnly()
  })
})
