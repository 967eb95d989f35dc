import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectedWallet, WalletOption } from '../wallets/types.js'
import { fundingAppConfig } from './test-support/funding-config.js'
import { FUNDED_EVM_ADDRESS, fundingUnderTest } from './test-support/fake-funding.js'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

const payer = {
  address: '0x2222222222222222222222222222222222222222',
  chain: 'ethereum',
  chainId: 'eip155:8453',
  walletClientType: 'io.metamask',
  connectorType: 'injected',
  linked: false,
  meta: { name: 'MetaMask', icon: null, id: 'io.metamask' },
} as unknown as ConnectedWallet
const rabby: WalletOption = { id: 'io.rabby', name: 'Rabby', icon: null, chains: ['ethereum'], connectorType: 'injected', installed: true }

/** Wallets in the page: MetaMask connected; Rabby connects when asked (`connect` records the ids asked for). */
function pageWallets() {
  const connects: string[] = []
  let connected = [payer]
  return {
    connects,
    getConnected: () => connected,
    watchConnected: () => () => {},
    getOptions: () => [rabby],
    watchOptions: () => () => {},
    connect: async (walletId: string) => {
      connects.push(walletId)
      const wallet = {
        ...payer,
        address: '0x3333333333333333333333333333333333333333',
        walletClientType: walletId,
        meta: { name: 'Rabby', icon: null, id: walletId },
      } as unknown as ConnectedWallet
      connected = [...connected, wallet]
      return wallet
    },
  }
}

describe('a funding session’s steps (funding spec, "Screens and routes")', () => {
  it('goes back step by step, and leaves from the landing', async () => {
    const harness = fundingUnderTest({ wallets: pageWallets() })
    const outcome = harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    harness.session().transferFromWallet()
    expect(harness.session()).toMatchObject({ step: 'wallets', fundingMethod: 'wallet' })
    expect(harness.session().wallets.map((entry) => entry.id)).toEqual([`connected:${payer.address}`, 'io.rabby'])
    harness.session().chooseWallet(`connected:${payer.address}`)
    expect(harness.session().step).toBe('amount')
    harness.session().setAmount('abc')
    harness.session().setAmount('0.')
    expect(harness.session()).toMatchObject({ amount: '0.', amountValid: false, amountUsd: null })
    harness.session().setAmount('0.25')
    expect(harness.session()).toMatchObject({ amount: '0.25', amountValid: true, amountUsd: '500.00' })
    harness.session().back()
    expect(harness.session().step).toBe('wallets')
    harness.session().back()
    expect(harness.session().step).toBe('landing')
    harness.session().receiveFunds()
    harness.session().back()
    expect(harness.session().step).toBe('landing')
    harness.session().back()
    await expect(outcome).resolves.toMatchObject({ status: 'exited', fundingMethod: 'manual' })
    // A session that ended does nothing more.
    expect(harness.state.get().sessions).toEqual([])
  })

  it('connects a listed wallet inside the call and asks the amount once it is connected', async () => {
    const wallets = pageWallets()
    const harness = fundingUnderTest({ wallets })
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    harness.session().transferFromWallet()
    harness.session().chooseWallet('io.rabby')
    expect(wallets.connects).toEqual(['io.rabby'])
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.session().step).toBe('amount')
  })

  it("refuses 'Transfer from wallet' where the app offers no external wallet, and fires a default wallet method once", async () => {
    const harness = fundingUnderTest({ config: fundingAppConfig({ options: [{ method: 'card', provider: 'coinbase' }] }) })
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, defaultFundingMethod: 'wallet' })
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.session().step).toBe('landing')
    harness.session().transferFromWallet()
    expect(harness.session()).toMatchObject({ step: 'landing', errorMessage: 'Funding wallet is not enabled' })

    const offered = fundingUnderTest({ wallets: pageWallets() })
    void offered.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, defaultFundingMethod: 'wallet' })
    await vi.advanceTimersByTimeAsync(0)
    expect(offered.session().step).toBe('wallets')
    offered.session().back()
    await vi.advanceTimersByTimeAsync(0)
    expect(offered.session().step).toBe('landing')
  })

  it('closes when no UI hears the prompt, so nothing waits on a screen nobody shows', async () => {
    const harness = fundingUnderTest({ heard: false })
    await expect(harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })).rejects.toMatchObject({ shortMessage: 'Unable to initialize flow' })
    expect(harness.prompts()).toBe(1)
    expect(harness.state.get().sessions).toEqual([])
  })

  it('ends its sessions as exited when the user signs out', async () => {
    const harness = fundingUnderTest()
    const outcome = harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    harness.logout()
    await expect(outcome).resolves.toMatchObject({ status: 'exited', address: FUNDED_EVM_ADDRESS })
  })
})
