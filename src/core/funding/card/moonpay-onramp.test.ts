import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MoonpayOnRampSignBody, MoonpayTransactionDto } from '../../../protocol/funding.js'
import { fundingAppConfig } from '../test-support/funding-config.js'
import { FUNDED_EVM_ADDRESS, FUNDED_SOLANA_ADDRESS, fakeRpc, fundingUnderTest } from '../test-support/fake-funding.js'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

const STATUS_URL = 'http://127.0.0.1:4020/v1/transactions/ext/ext-1?apiKey=pk_test_local'
type Answer = number | MoonpayTransactionDto[] | 'network-down'

/**
 * The second provider scripted: the sign answer, and the status URL's answers in turn (an HTTP status, a list, or a
 * dropped connection; the last one repeats). `reads` records each request to the status URL with its time.
 */
function moonpay(answers: Answer[], sign: { statusUrl?: string; signedUrl?: string } = { statusUrl: STATUS_URL }) {
  const signs: MoonpayOnRampSignBody[] = []
  const reads: { url: string; at: number; credentials: string | undefined }[] = []
  const rpc = fakeRpc(new Map())
  const fetch = (async (url: string, init: RequestInit) => {
    if (!String(url).includes('/transactions/ext/')) return rpc.fetch(url, init)
    reads.push({ url: String(url), at: Date.now(), credentials: init.credentials })
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!
    if (answer === 'network-down') throw new TypeError('fetch failed')
    return typeof answer === 'number' ? new Response('{}', { status: answer }) : new Response(JSON.stringify(answer))
  }) as unknown as typeof globalThis.fetch
  const harness = fundingUnderTest({
    fetch,
    config: fundingAppConfig({}, { accent_color: '#6a5acd', theme: 'dark' }),
    api: {
      signMoonpayOnRampUrl: async (body) => (
        signs.push(body),
        {
          signedUrl: sign.signedUrl ?? 'http://127.0.0.1:4020/buy?apiKey=pk_test_local&signature=abc',
          externalTransactionId: 'ext-1',
          ...(sign.statusUrl && { statusUrl: sign.statusUrl }),
        }
      ),
    },
  })
  return { ...harness, signs, reads }
}

const transaction = (status: MoonpayTransactionDto['status'], extra: Partial<MoonpayTransactionDto> = {}): MoonpayTransactionDto[] => [
  {
    status,
    paymentMethod: 'credit_debit_card',
    cardPaymentType: 'credit',
    currency: { code: 'eth_base' },
    baseCurrencyAmount: 104.5,
    quoteCurrencyAmount: 0.05,
    feeAmount: 3.99,
    extraFeeAmount: 0.5,
    networkFeeAmount: 0.01,
    ...extra,
  },
]

async function started(harness: ReturnType<typeof moonpay>, input: Parameters<typeof harness.funding.fundWallet>[0] = { address: FUNDED_EVM_ADDRESS }) {
  const outcome = harness.funding.fundWallet(input)
  await vi.advanceTimersByTimeAsync(0)
  harness.session().payWithCard('moonpay')
  await vi.advanceTimersByTimeAsync(0)
  return { outcome, at: Date.now() }
}

describe('the second card provider (funding spec, "Screens and routes" and "States and transitions")', () => {
  it('signs the URL for the wallet, opens it, and polls every 3 s from 8 s until the purchase completes', async () => {
    const harness = moonpay([404, transaction('pending'), transaction('waitingAuthorization'), transaction('completed')])
    const { outcome, at } = await started(harness)
    expect(harness.signs).toEqual([
      {
        address: FUNDED_EVM_ADDRESS,
        config: {
          currencyCode: 'ETH_BASE',
          quoteCurrencyAmount: 0.05,
          paymentMethod: 'credit_debit_card',
          uiConfig: { accentColor: '#6a5acd', theme: 'dark' },
        },
      },
    ])
    expect(harness.host.popups[0]!.location.href).toBe('http://127.0.0.1:4020/buy?apiKey=pk_test_local&signature=abc')
    expect(harness.session()).toMatchObject({ step: 'card-status', card: { provider: 'moonpay', status: 'pending' }, fundingMethod: 'card' })
    expect(harness.analytics).toContainEqual({
      eventName: 'sdk_fiat_on_ramp_started',
      payload: { provider: 'moonpay', value: '0.05', chainType: 'ethereum', chainId: 8453 },
    })

    await vi.advanceTimersByTimeAsync(7_999)
    expect(harness.reads).toEqual([])
    await vi.advanceTimersByTimeAsync(1 + 3_000 + 3_000)
    // 404: the purchase does not exist yet; a card waiting for authorization is shown as pending.
    expect(harness.session().card).toEqual({ provider: 'moonpay', status: 'pending' })
    await vi.advanceTimersByTimeAsync(3_000)
    expect(harness.reads.map((read) => read.at - at)).toEqual([8_000, 11_000, 14_000, 17_000])
    expect(harness.reads.every((read) => read.url === STATUS_URL && read.credentials === 'omit')).toBe(true)
    expect(harness.session().card).toEqual({ provider: 'moonpay', status: 'completed' })
    expect(harness.analytics.at(-1)).toEqual({
      eventName: 'sdk_fiat_on_ramp_completed_with_status',
      payload: {
        provider: 'moonpay',
        status: 'completed',
        paymentMethod: 'credit_debit_card',
        cardPaymentType: 'credit',
        currency: 'eth_base',
        baseCurrencyAmount: 104.5,
        quoteCurrencyAmount: 0.05,
        feeAmount: 3.99,
        extraFeeAmount: 0.5,
        networkFeeAmount: 0.01,
      },
    })
    await vi.advanceTimersByTimeAsync(9_000)
    expect(harness.reads).toHaveLength(4)
    harness.session().finish()
    await expect(outcome).resolves.toMatchObject({ status: 'funded', fundingMethod: 'card' })
  })

  it('stops on awaitingAuthorization, and shows another payment method waiting for authorization as it is', async () => {
    const harness = moonpay([transaction('waitingAuthorization', { paymentMethod: 'sepa_bank_transfer' }), transaction('awaitingAuthorization')])
    await started(harness)
    await vi.advanceTimersByTimeAsync(8_000)
    expect(harness.session().card).toEqual({ provider: 'moonpay', status: 'waitingAuthorization' })
    await vi.advanceTimersByTimeAsync(3_000)
    expect(harness.session()).toMatchObject({ step: 'card-status', card: { status: 'awaitingAuthorization' } })
    await vi.advanceTimersByTimeAsync(9_000)
    expect(harness.reads).toHaveLength(2)
  })

  it("returns to the landing with the provider's banner when the purchase fails", async () => {
    const harness = moonpay([transaction('failed')])
    await started(harness)
    await vi.advanceTimersByTimeAsync(8_000)
    expect(harness.session()).toMatchObject({
      step: 'landing',
      card: { provider: 'moonpay', status: 'failed' },
      errorMessage: 'Something went wrong adding funds from MoonPay. Please try again or use another method to fund your wallet.',
    })
    expect(harness.analytics.at(-1)).toMatchObject({ payload: { provider: 'moonpay', status: 'failed' } })
  })

  it('retries each read 3 times 500 ms apart, and calls three failed reads a serviceFailure (404s do not count)', async () => {
    const harness = moonpay([404, 503, 503, 503, 503, 'network-down', 'network-down', 'network-down', 'network-down', 500])
    const { at } = await started(harness)
    await vi.advanceTimersByTimeAsync(8_000)
    expect(harness.reads).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(3_000 + 1_500)
    // One read: the first request and 3 retries.
    expect(harness.reads.slice(1).map((read) => read.at - at)).toEqual([11_000, 11_500, 12_000, 12_500])
    expect(harness.session()).toMatchObject({ step: 'card-status', card: { status: 'pending' } })
    await vi.advanceTimersByTimeAsync(3_000 + 1_500)
    expect(harness.session().step).toBe('card-status')
    await vi.advanceTimersByTimeAsync(3_000)
    // A 500 is retried too: the third failed read ends it.
    await vi.advanceTimersByTimeAsync(1_500)
    expect(harness.session()).toMatchObject({
      step: 'landing',
      card: { status: 'serviceFailure' },
      errorMessage: 'Something went wrong adding funds from MoonPay. Please try again or use another method to fund your wallet.',
    })
    expect(harness.analytics.at(-1)).toEqual({
      eventName: 'sdk_fiat_on_ramp_completed_with_status',
      payload: { provider: 'moonpay', status: 'serviceFailure' },
    })
    const count = harness.reads.length
    await vi.advanceTimersByTimeAsync(10_000)
    expect(harness.reads).toHaveLength(count)
  })

  it("reads the provider's public API with the signed URL's key when the sign answer names no status URL", async () => {
    const harness = moonpay([transaction('pending')], { signedUrl: 'https://buy-sandbox.moonpay.com/?apiKey=pk_test_abc&currencyCode=sol' })
    await started(harness, { address: FUNDED_SOLANA_ADDRESS, chainType: 'solana' })
    expect(harness.signs[0]!.config.currencyCode).toBe('SOL')
    await vi.advanceTimersByTimeAsync(8_000)
    expect(harness.reads[0]!.url).toBe('https://api.moonpay.com/v1/transactions/ext/ext-1?apiKey=pk_test_abc')
  })

  it('is not offered where it does not sell the asset', async () => {
    // Optimism: the second provider sells USDC there, not its native currency.
    const harness = fundingUnderTest()
    void harness.funding.fundWallet({ address: FUNDED_EVM_ADDRESS, chain: 10 })
    await vi.advanceTimersByTimeAsync(0)
    expect(harness.session().options.card).toEqual(['coinbase'])
    harness.session().payWithCard('moonpay')
    expect(harness.session()).toMatchObject({ step: 'landing', errorMessage: 'Wallet funding is not enabled' })
    expect(harness.host.popups).toEqual([])
  })
})
