import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../test-support/litesvm-rpc.js'
import { setUpTestUsdc, type TestUsdc } from '../../../../test/harness/dev-tokens.js'
import { evmBalance } from './evm-payouts.js'
import { signQuery } from './moonpay-transactions.js'
import { startMoonpayStandIn, type MoonpayStandIn } from './moonpay.js'
import { answerCheckout, openCheckoutPage, statusText, waitForOutcome } from './page-driver.js'
import { solanaBalance } from './solana-payouts.js'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js'

let anvil: Anvil
let solana: SolanaLocalnet
let moonpay: MoonpayStandIn
let receiver: WebhookReceiver
let usdc: TestUsdc

beforeAll(async () => {
  ;[anvil, solana, receiver] = await Promise.all([startAnvil(), startSolanaLocalnet({ slotMs: 50 }), startWebhookReceiver()])
  usdc = await setUpTestUsdc([anvil], solana)
  moonpay = await startMoonpayStandIn({
    networks: { base: { rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, solana: { rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint } },
    webhookUrl: `${receiver.url}/moonpay`,
    statusDelayMs: 20,
  })
  await usdc.mint('solana', moonpay.treasury.solanaAddress, 1000n * 10n ** 6n)
})
afterAll(async () => {
  await moonpay?.close()
  await Promise.all([receiver?.close(), solana?.close(), anvil?.stop()])
})

const evmAddress = () => privateKeyToAddress(generatePrivateKey())

/** A widget URL signed as MoonPay documents: the query string (with its '?') HMAC'd with the secret key, base64, appended. */
function signedWidgetUrl(params: Record<string, string>, environment: 'live' | 'sandbox' = 'sandbox', secretKey = moonpay.keys[environment].secretKey): string {
  const url = new URL(moonpay.url)
  url.search = new URLSearchParams({ apiKey: moonpay.keys[environment].publishableKey, ...params }).toString()
  return `${url.href}&signature=${encodeURIComponent(signQuery(secretKey, url.search))}`
}

const statusUrl = (externalTransactionId: string, environment: 'live' | 'sandbox' = 'sandbox') =>
  `${moonpay.url}/v1/transactions/ext/${externalTransactionId}?apiKey=${moonpay.keys[environment].publishableKey}`

async function buy(params: Record<string, string>, answer: 'pay' | 'decline' = 'pay') {
  const page = await openCheckoutPage(signedWidgetUrl(params))
  expect(page.status, statusText(page.html)).toBe(200)
  expect((await answerCheckout(moonpay.url, page.checkoutId!, answer, params.quoteCurrencyAmount)).status).toBe(303)
  const outcome = await waitForOutcome(moonpay.url, page.checkoutId!)
  await moonpay.settled()
  return outcome
}

describe('the widget', () => {
  it('loads only a URL signed by the secret key of its API key environment', async () => {
    const params = { walletAddress: evmAddress(), currencyCode: 'eth_base', quoteCurrencyAmount: '0.1', externalTransactionId: `ext-${Date.now()}` }
    expect((await openCheckoutPage(signedWidgetUrl(params))).status).toBe(200)
    expect((await openCheckoutPage(signedWidgetUrl(params, 'live'))).status).toBe(200)
    const unsigned = new URL(moonpay.url)
    unsigned.search = new URLSearchParams({ apiKey: moonpay.keys.sandbox.publishableKey, ...params }).toString()
    const refusals = [
      unsigned.href,
      signedWidgetUrl(params, 'sandbox', moonpay.keys.live.secretKey),
      signedWidgetUrl(params).replace(params.walletAddress, evmAddress()),
      signedWidgetUrl(params).replace('quoteCurrencyAmount=0.1', 'quoteCurrencyAmount=10'),
      `${signedWidgetUrl(params)}A`,
    ]
    for (const url of refusals) {
      const page = await openCheckoutPage(url)
      expect(page.status).toBe(400)
      expect(page.checkoutId).toBeNull()
      expect(statusText(page.html)).toMatch(/not signed, or was changed/)
    }
    const unknownKey = await openCheckoutPage(signedWidgetUrl(params).replace(moonpay.keys.sandbox.publishableKey, 'pk_test_unknown'))
    expect(unknownKey.status).toBe(401)
    expect(moonpay.transactions.some((transaction) => transaction.externalTransactionId === params.externalTransactionId)).toBe(false)
  })

  it('refuses a currency it cannot deliver here and an address of another chain', async () => {
    expect((await openCheckoutPage(signedWidgetUrl({ walletAddress: evmAddress(), currencyCode: 'eth_arbitrum' }))).status).toBe(400)
    expect((await openCheckoutPage(signedWidgetUrl({ walletAddress: evmAddress(), currencyCode: 'btc' }))).status).toBe(400)
    expect((await openCheckoutPage(signedWidgetUrl({ walletAddress: evmAddress(), currencyCode: 'usdc_base' }))).status).toBe(400)
    expect((await openCheckoutPage(signedWidgetUrl({ walletAddress: evmAddress(), currencyCode: 'sol' }))).status).toBe(400)
  })
})

describe('a purchase', () => {
  it('Pay sends ETH on the chain playing Base and the status API answers completed', async () => {
    const address = evmAddress()
    const externalTransactionId = `ext-${Date.now()}-eth`
    const notYet = await fetch(statusUrl(externalTransactionId))
    expect(notYet.status).toBe(404)
    expect(await notYet.json()).toEqual({ message: 'Transaction not found', type: 'NotFoundError' })
    const outcome = await buy({
      walletAddress: address,
      currencyCode: 'ETH_BASE',
      quoteCurrencyAmount: '0.3',
      externalTransactionId,
      paymentMethod: 'credit_debit_card',
    })
    expect(outcome).toMatch(/Purchase complete/)
    expect(await evmBalance({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, 'native', address)).toBe(parseEther('0.3'))
    const response = await fetch(statusUrl(externalTransactionId), { headers: { origin: 'http://localhost:5173' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const [transaction, ...others] = (await response.json()) as any[]
    expect(others).toEqual([])
    expect(transaction).toMatchObject({
      status: 'completed',
      walletAddress: address,
      quoteCurrencyAmount: 0.3,
      baseCurrencyAmount: 900,
      paymentMethod: 'credit_debit_card',
      currency: { code: 'eth_base' },
      externalTransactionId,
    })
    expect(transaction.cryptoTransactionId).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await fetch(statusUrl(externalTransactionId, 'live'))).status).toBe(404)
    expect((await fetch(`${moonpay.url}/v1/transactions/ext/${externalTransactionId}?apiKey=pk_test_nope`)).status).toBe(401)
  })

  it('Pay sends SOL to the address on the local Solana endpoint', async () => {
    const address = Keypair.generate().publicKey.toBase58()
    expect(await buy({ walletAddress: address, currencyCode: 'sol', quoteCurrencyAmount: '2', externalTransactionId: `ext-${Date.now()}-sol` })).toMatch(
      /Purchase complete/,
    )
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl }, 'native', address)).toBe(BigInt(2 * LAMPORTS_PER_SOL))
  })

  it('Pay in usdc_sol sends SPL USDC to the Solana address', async () => {
    const address = Keypair.generate().publicKey.toBase58()
    const externalTransactionId = `ext-${Date.now()}-usdc`
    expect(await buy({ walletAddress: address, currencyCode: 'usdc_sol', quoteCurrencyAmount: '25', externalTransactionId })).toMatch(/Purchase complete/)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint }, 'USDC', address)).toBe(25_000_000n)
    const [transaction] = (await (await fetch(statusUrl(externalTransactionId))).json()) as any[]
    expect(transaction).toMatchObject({ status: 'completed', baseCurrencyAmount: 25, currency: { code: 'usdc_sol', precision: 6 } })
  })

  it('Decline and forced outcomes: failed, or waiting for authorization, with nothing sent', async () => {
    const address = evmAddress()
    const statusOf = async (id: string) => ((await (await fetch(statusUrl(id))).json()) as any[])[0]
    const declined = `ext-${Date.now()}-declined`
    expect(await buy({ walletAddress: address, currencyCode: 'eth_base', quoteCurrencyAmount: '0.1', externalTransactionId: declined }, 'decline')).toMatch(
      /declined/,
    )
    expect(await statusOf(declined)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' })
    moonpay.forceNext('failed')
    const failed = `ext-${Date.now()}-failed`
    expect(await buy({ walletAddress: address, currencyCode: 'eth_base', quoteCurrencyAmount: '0.1', externalTransactionId: failed })).toMatch(/failed/)
    expect(await statusOf(failed)).toMatchObject({ status: 'failed' })
    moonpay.forceNext('waitingAuthorization')
    const waiting = `ext-${Date.now()}-waiting`
    expect(await buy({ walletAddress: address, currencyCode: 'eth_base', quoteCurrencyAmount: '0.1', externalTransactionId: waiting })).toMatch(/authorized/)
    expect(await statusOf(waiting)).toMatchObject({ status: 'waitingAuthorization' })
    expect(await evmBalance({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, 'native', address)).toBe(0n)
  })

  it('answers 500 while a status outage is forced', async () => {
    moonpay.failStatusRequests(2)
    const url = statusUrl('anything')
    expect((await fetch(url)).status).toBe(500)
    expect((await fetch(url)).status).toBe(500)
    expect((await fetch(url)).status).toBe(404)
  })
})

describe('webhooks', () => {
  it('sends transaction_created, then updates, signed with Moonpay-Signature-V2', async () => {
    const externalTransactionId = `ext-${Date.now()}-hooks`
    await buy({ walletAddress: evmAddress(), currencyCode: 'eth_base', quoteCurrencyAmount: '0.05', externalTransactionId })
    const events = receiver.received.filter((delivery) => JSON.parse(delivery.body).data.externalTransactionId === externalTransactionId)
    expect(events.map((delivery) => [JSON.parse(delivery.body).type, JSON.parse(delivery.body).data.status])).toEqual([
      ['transaction_created', 'waitingPayment'],
      ['transaction_updated', 'pending'],
      ['transaction_updated', 'completed'],
    ])
    for (const { body, headers } of events) {
      const [, t, s] = /^t=(\d+),s=([0-9a-f]{64})$/.exec(headers['moonpay-signature-v2']!)!
      expect(s).toBe(createHmac('sha256', moonpay.webhookKey).update(`${t}.${body}`).digest('hex'))
    }
  })
})
