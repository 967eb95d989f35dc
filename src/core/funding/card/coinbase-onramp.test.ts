import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CoinbaseOnRampInitBody, CoinbaseOnRampStatus } from '../../../protocol/funding.js'
import { fundingAppConfig } from '../test-support/funding-config.js'
import { FUNDED_EVM_ADDRESS, fundingUnderTest } from '../test-support/fake-funding.js'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

const init = { app_id: 'cdp-project-1', session_token: 'st-1', channel_id: 'ch-1', partner_user_id: 'pu-1' }

/** The first provider scripted: init recorded, status answers from `statuses` in turn (the last one repeats). */
function coinbase(statuses: (CoinbaseOnRampStatus | Error)[] = ['pending'], options: Parameters<typeof fundingUnderTest>[0] = {}) {
  const inits: CoinbaseOnRampInitBody[] = []
  const polls: number[] = []
  const harness = fundingUnderTest({
    ...options,
    api: {
      initCoinbaseOnRamp: async (body) => (inits.push(body), { ...init, onramp_url: 'http://127.0.0.1:4010/buy/select-asset' }),
      getCoinbaseOnRampStatus: async (partnerUserId) => {
        expect(partnerUserId).toBe('pu-1')
        polls.push(Date.now())
        const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!
        if (next instanceof Error) throw next
        return { status: next }
      },
      ...options.api,
    },
  })
  return { ...harness, inits, polls }
}

describe('the first card provider (funding spec, "Screens and routes" and "States and transitions")', () => {
  it('opens the window inside the call, builds the hosted URL on the session and polls every 1.5 s from 5 s until success', async () => {
    const harness = coinbase(['pending', 'pending', 'success'])
    const outcome = harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, amount: '.5' })
    await vi.advanceTimersByTimeAsync(0)
    const started = Date.now()
    harness.session().payWithCard('coinbase')
    // Before anything is awaited: blockers allow a window opened in the click.
    expect(harness.host.popups).toHaveLength(1)
    expect(harness.host.opened[0]).toMatch(/^about:blank tessera-funding popup=yes,width=440,height=680,left=420,top=60$/)
    expect(harness.session()).toMatchObject({
      step: 'card-status',
      card: { provider: 'coinbase', experience: 'buy', status: 'pending-in-flow' },
      fundingMethod: 'card',
      showAlternateProvider: true,
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.inits).toEqual([{ addresses: [{ address: FUNDED_EVM_ADDRESS, blockchains: ['base'] }], assets: ['ETH'] }])
    const url = new URL(harness.host.popups[0]!.location.href)
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4010/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appId: 'cdp-project-1',
      sessionToken: 'st-1',
      endPartnerName: 'Test App',
      defaultExperience: 'buy',
      presetCryptoAmount: '0.5',
      defaultNetwork: 'base',
      defaultPaymentMethod: 'CARD',
      defaultAsset: 'ETH',
      partnerUserId: 'pu-1',
    })
    expect(harness.analytics).toContainEqual({
      eventName: 'sdk_fiat_on_ramp_started',
      payload: { provider: 'coinbase-onramp', value: '.5', chainType: 'ethereum', chainId: 8453 },
    })

    await vi.advanceTimersByTimeAsync(4_999)
    expect(harness.polls).toEqual([])
    await vi.advanceTimersByTimeAsync(1 + 1_500 + 1_500 + 6_000)
    expect(harness.polls.map((at) => at - started)).toEqual([5_000, 6_500, 8_000])
    expect(harness.session().card).toEqual({ provider: 'coinbase', experience: 'buy', status: 'success' })
    expect(harness.analytics).toContainEqual({
      eventName: 'sdk_fiat_on_ramp_completed_with_status',
      payload: { provider: 'coinbase-onramp', status: 'success' },
    })

    harness.balances.set(FUNDED_EVM_ADDRESS, 500_000_000_000_000_000n)
    harness.session().finish()
    await expect(outcome).resolves.toMatchObject({
      status: 'funded',
      address: FUNDED_EVM_ADDRESS,
      chainType: 'ethereum',
      chain: { id: 8453 },
      fundingMethod: 'card',
      balance: { value: 500_000_000_000_000_000n, decimals: 18, symbol: 'ETH', usd: 1000 },
    })
    expect(harness.state.get().sessions).toEqual([])
  })

  it('returns to the landing with the banner on a failed purchase, or a failed status read', async () => {
    for (const answer of ['failure' as const, new Error('502 Bad Gateway')]) {
      const harness = coinbase(['pending', answer])
      void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
      await vi.advanceTimersByTimeAsync(0)
      harness.session().payWithCard()
      await vi.advanceTimersByTimeAsync(6_500)
      expect(harness.session()).toMatchObject({
        step: 'landing',
        card: { provider: 'coinbase', status: 'error' },
        errorMessage: 'Something went wrong adding funds. Please try again or use another method.',
        showAlternateProvider: true,
      })
      expect(harness.analytics.at(-1)).toMatchObject({
        eventName: 'sdk_fiat_on_ramp_completed_with_status',
        payload: { provider: 'coinbase-onramp', status: 'failure' },
      })
      await vi.advanceTimersByTimeAsync(10_000)
      expect(harness.polls).toHaveLength(2)
    }
  })

  it('gives the landing back after seeing the window closed three times with no result', async () => {
    const harness = coinbase(['pending'])
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    harness.session().payWithCard('coinbase')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(harness.session().card).toMatchObject({ status: 'pending-in-flow' })
    harness.host.popups[0]!.close()
    await vi.advanceTimersByTimeAsync(1_500)
    expect(harness.session()).toMatchObject({ step: 'card-status', card: { status: 'pending-after-flow' } })
    await vi.advanceTimersByTimeAsync(1_500)
    expect(harness.session().step).toBe('card-status')
    await vi.advanceTimersByTimeAsync(1_500)
    expect(harness.session()).toMatchObject({ step: 'landing', errorMessage: null })
    await vi.advanceTimersByTimeAsync(6_000)
    expect(harness.polls).toHaveLength(4)
  })

  it('transfers from an exchange with the send experience', async () => {
    const harness = coinbase()
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, asset: 'USDC' })
    await vi.advanceTimersByTimeAsync(0)
    harness.session().transferFromExchange()
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.inits[0]!.assets).toEqual(['USDC'])
    const query = new URL(harness.host.popups[0]!.location.href).searchParams
    expect([query.get('defaultExperience'), query.get('defaultPaymentMethod'), query.get('defaultAsset')]).toEqual(['send', 'CRYPTO_ACCOUNT', 'USDC'])
    expect(harness.session()).toMatchObject({ fundingMethod: 'exchange', card: { experience: 'send' }, showAlternateProvider: false })
  })

  it("refuses a blocked window ('Unable to initialize flow'), a chain it does not sell on, and a failed session", async () => {
    const blocked = coinbase()
    blocked.host.block()
    void blocked.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    blocked.session().payWithCard('coinbase')
    expect(blocked.session()).toMatchObject({ step: 'landing', errorMessage: 'Unable to initialize flow' })
    expect(blocked.inits).toEqual([])

    const avalanche = coinbase()
    void avalanche.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, chain: 43114 })
    await vi.advanceTimersByTimeAsync(0)
    avalanche.session().transferFromExchange()
    expect(avalanche.session()).toMatchObject({ step: 'landing', errorMessage: 'Unsupported chainId: 43114 for Coinbase Onramp' })
    expect(avalanche.host.popups).toEqual([])

    const failing = coinbase([], { api: { initCoinbaseOnRamp: () => Promise.reject(new Error('Forbidden')) } })
    void failing.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    failing.session().payWithCard('coinbase')
    await vi.advanceTimersByTimeAsync(0)
    expect(failing.host.popups[0]!.closed).toBe(true)
    expect(failing.session()).toMatchObject({ step: 'landing', errorMessage: 'Something went wrong adding funds. Please try again or use another method.' })
  })

  it('stops polling when the user goes back', async () => {
    const harness = coinbase(['pending'])
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS })
    await vi.advanceTimersByTimeAsync(0)
    harness.session().payWithCard('coinbase')
    await vi.advanceTimersByTimeAsync(6_500)
    expect(harness.polls).toHaveLength(2)
    harness.session().back()
    expect(harness.session().step).toBe('landing')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(harness.polls).toHaveLength(2)
  })

  it('fires a default card method once as the landing shows; a blocked window leaves the landing quietly', async () => {
    const harness = coinbase()
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, defaultFundingMethod: 'card', card: { preferredProvider: 'coinbase' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.host.popups).toHaveLength(1)
    expect(harness.session()).toMatchObject({ step: 'card-status', card: { provider: 'coinbase' } })
    harness.session().back()
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.host.popups).toHaveLength(1)

    const blocked = coinbase([], { config: fundingAppConfig({ options: [{ method: 'card', provider: 'coinbase' }] }) })
    blocked.host.block()
    void blocked.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, defaultFundingMethod: 'exchange' })
    void blocked.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, defaultFundingMethod: 'card' })
    await vi.advanceTimersByTimeAsync(0)
    expect(blocked.state.get().sessions.map((session) => [session.step, session.errorMessage])).toEqual([
      ['landing', null],
      ['landing', null],
    ])
    expect(blocked.host.opened).toHaveLength(1)
  })
})
