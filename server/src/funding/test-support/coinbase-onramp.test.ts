import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../test-support/litesvm-rpc.js'
import { setUpTestUsdc, type TestUsdc } from '../../../../test/harness/dev-tokens.js'
import { generateCdpApiKey, signCdpJwt } from './cdp-keys.js'
import { startCoinbaseOnrampStandIn, type CoinbaseOnrampStandIn } from './coinbase-onramp.js'
import { evmBalance, evmReader } from './evm-payouts.js'
import { answerCheckout, openCheckoutPage, statusText, waitForOutcome } from './page-driver.js'
import { solanaBalance } from './solana-payouts.js'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js'

let anvil: Anvil
let solana: SolanaLocalnet
let coinbase: CoinbaseOnrampStandIn
let receiver: WebhookReceiver
let usdc: TestUsdc
let clock = Date.now()

beforeAll(async () => {
  ;[anvil, solana, receiver] = await Promise.all([startAnvil(), startSolanaLocalnet({ slotMs: 50 }), startWebhookReceiver()])
  usdc = await setUpTestUsdc([anvil], solana)
  coinbase = await startCoinbaseOnrampStandIn({
    networks: {
      base: { rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, usdcAddress: usdc.evm[anvil.chainId] },
      solana: { rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint },
    },
    webhookUrl: `${receiver.url}/hooks`,
    statusDelayMs: 20,
    now: () => clock,
  })
  await usdc.mint(anvil.chainId, coinbase.treasury.evmAddress, 1000n * 10n ** 6n)
  await usdc.mint('solana', coinbase.treasury.solanaAddress, 1000n * 10n ** 6n)
})
afterAll(async () => {
  await coinbase?.close()
  await Promise.all([receiver?.close(), solana?.close(), anvil?.stop()])
})

const host = () => new URL(coinbase.apiUrl).host
const evmAddress = () => privateKeyToAddress(generatePrivateKey())

async function callApi(method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string | null } = {}) {
  const token = options.token === undefined ? await signCdpJwt(coinbase.apiKey, { method, host: host(), path: `/onramp${path.split('?')[0]}` }) : options.token
  const response = await fetch(`${coinbase.apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: response.status, body: (await response.json()) as any }
}

async function sessionToken(address: string, blockchains: string[], assets?: string[]): Promise<string> {
  const { status, body } = await callApi('POST', '/v1/token', { body: { addresses: [{ address, blockchains }], assets, clientIp: '203.0.113.7' } })
  expect(status).toBe(200)
  expect(body.channel_id).toBe('')
  return body.token
}

function pageUrl(token: string, params: Record<string, string>): string {
  const url = new URL('/buy/select-asset', coinbase.url)
  url.search = new URLSearchParams({
    appId: coinbase.projectId,
    sessionToken: token,
    defaultExperience: 'buy',
    defaultPaymentMethod: 'CARD',
    ...params,
  }).toString()
  return url.href
}

async function buy(address: string, network: string, asset: string, amount: string, partnerUserId: string, answer: 'pay' | 'decline' = 'pay') {
  const page = await openCheckoutPage(
    pageUrl(await sessionToken(address, [network]), { defaultNetwork: network, defaultAsset: asset, presetCryptoAmount: amount, partnerUserId }),
  )
  expect(page.checkoutId).not.toBeNull()
  expect((await answerCheckout(coinbase.url, page.checkoutId!, answer, amount)).status).toBe(303)
  const outcome = await waitForOutcome(coinbase.url, page.checkoutId!)
  await coinbase.settled()
  return { page, outcome }
}

describe('the session token API', () => {
  it('refuses a missing, foreign, misdirected or expired JWT with 401', async () => {
    const body = { addresses: [{ address: evmAddress(), blockchains: ['base'] }], clientIp: '203.0.113.7' }
    const path = '/onramp/v1/token'
    const now = Math.floor(Date.now() / 1000)
    const foreign = generateCdpApiKey()
    const cases = [
      null,
      await signCdpJwt({ name: coinbase.apiKey.name, secret: foreign.secret }, { method: 'POST', host: host(), path }, now),
      await signCdpJwt(foreign, { method: 'POST', host: host(), path }, now),
      await signCdpJwt(coinbase.apiKey, { method: 'POST', host: host(), path: '/onramp/v1/buy/user/x/transactions' }, now),
      await signCdpJwt(coinbase.apiKey, { method: 'GET', host: host(), path }, now),
      await signCdpJwt(coinbase.apiKey, { method: 'POST', host: 'api.developer.coinbase.com', path }, now),
      await signCdpJwt(coinbase.apiKey, { method: 'POST', host: host(), path }, now - 600),
    ]
    for (const token of cases) {
      const response = await callApi('POST', '/v1/token', { body, token })
      expect(response.status).toBe(401)
      expect(response.body.message).toMatch(/^Unauthenticated/)
    }
  })

  it('accepts an EC (ES256) key as well as an Ed25519 one', async () => {
    const ecStandIn = await startCoinbaseOnrampStandIn({ networks: {}, keyType: 'ec' })
    try {
      expect(ecStandIn.apiKey.secret).toContain('BEGIN EC PRIVATE KEY')
      const path = '/onramp/v1/token'
      const token = await signCdpJwt(ecStandIn.apiKey, { method: 'POST', host: new URL(ecStandIn.url).host, path })
      const response = await fetch(`${ecStandIn.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ addresses: [{ address: evmAddress(), blockchains: ['base'] }], clientIp: '::1' }),
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { token: string }).token).toMatch(/^[\w-]{40,}$/)
    } finally {
      await ecStandIn.close()
    }
  })

  it('validates the body: addresses for their blockchains, assets and the client IP', async () => {
    const solanaAddress = Keypair.generate().publicKey.toBase58()
    const bad = [
      {},
      { addresses: [], clientIp: '1.2.3.4' },
      { addresses: [{ address: 'nope', blockchains: ['base'] }], clientIp: '1.2.3.4' },
      { addresses: [{ address: solanaAddress, blockchains: ['base'] }], clientIp: '1.2.3.4' },
      { addresses: [{ address: evmAddress(), blockchains: ['solana'] }], clientIp: '1.2.3.4' },
      { addresses: [{ address: evmAddress(), blockchains: [] }], clientIp: '1.2.3.4' },
      { addresses: [{ address: evmAddress(), blockchains: ['base'] }] },
      { addresses: [{ address: evmAddress(), blockchains: ['base'] }], clientIp: 'me' },
      { addresses: [{ address: evmAddress(), blockchains: ['base'] }], assets: 'ETH', clientIp: '1.2.3.4' },
    ]
    for (const body of bad) {
      const response = await callApi('POST', '/v1/token', { body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.code).toBe(3)
    }
  })
})

describe('the hosted page', () => {
  it('shows what is bought and spends the session token on first load', async () => {
    const address = evmAddress()
    const url = pageUrl(await sessionToken(address, ['base']), { defaultNetwork: 'base', defaultAsset: 'ETH', presetCryptoAmount: '0.05' })
    const page = await openCheckoutPage(url)
    expect(page.status).toBe(200)
    expect(page.html).toContain(address)
    expect(page.html).toContain('value="0.05"')
    expect(page.html).toMatch(/<button type="submit" name="answer" value="pay">Pay<\/button>/)
    expect(page.html).toMatch(/<button type="submit" name="answer" value="decline">Decline<\/button>/)
    const again = await openCheckoutPage(url)
    expect(again.status).toBe(401)
    expect(again.checkoutId).toBeNull()
    expect(statusText(again.html)).toMatch(/invalid, expired or already used/)
  })

  it('refuses an unknown or expired token, another app id, and an asset the session does not allow', async () => {
    expect((await openCheckoutPage(pageUrl('not-a-token', {}))).status).toBe(401)
    const address = evmAddress()
    const expiring = await sessionToken(address, ['base'])
    clock += 6 * 60 * 1000
    try {
      expect((await openCheckoutPage(pageUrl(expiring, { defaultNetwork: 'base' }))).status).toBe(401)
    } finally {
      clock -= 6 * 60 * 1000
    }
    expect((await openCheckoutPage(pageUrl(await sessionToken(address, ['base']), { appId: 'another-project' }))).status).toBe(400)
    const usdcOnly = await sessionToken(address, ['base'], ['USDC'])
    expect((await openCheckoutPage(pageUrl(usdcOnly, { defaultNetwork: 'base', defaultAsset: 'ETH' }))).status).toBe(400)
    expect((await openCheckoutPage(pageUrl(await sessionToken(address, ['base']), { defaultNetwork: 'ethereum' }))).status).toBe(400)
  })
})

describe('a purchase', () => {
  it('Pay sends the amount to the address on the local chain and succeeds, newest first in the status API', async () => {
    const address = evmAddress()
    const reference = `ref-${Date.now()}`
    const { outcome } = await buy(address, 'base', 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4', '0.25', reference)
    expect(outcome).toMatch(/Purchase complete/)
    expect(await evmBalance({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, 'native', address)).toBe(parseEther('0.25'))
    const transactions = coinbase.transactions.filter((transaction) => transaction.partnerUserRef === reference)
    expect(transactions.map((transaction) => transaction.status)).toEqual(['ONRAMP_TRANSACTION_STATUS_SUCCESS'])
    const receipt = await evmReader(anvil.rpcUrl).getTransactionReceipt({ hash: transactions[0]!.txHash as `0x${string}` })
    expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase())
    expect(receipt.from.toLowerCase()).toBe(coinbase.treasury.evmAddress.toLowerCase())

    await buy(address, 'base', 'ETH', '0.01', reference, 'decline')
    const first = await callApi('GET', `/v1/buy/user/${reference}/transactions`)
    expect(first.status).toBe(200)
    expect(first.body.total_count).toBe('2')
    expect(first.body.transactions).toHaveLength(1)
    expect(first.body.transactions[0]).toMatchObject({ status: 'ONRAMP_TRANSACTION_STATUS_FAILED', partner_user_ref: reference, purchase_network: 'base' })
    const second = await callApi('GET', `/v1/buy/user/${reference}/transactions?page_key=${first.body.next_page_key}&page_size=10`)
    expect(second.body.transactions[0]).toMatchObject({
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      purchase_currency: 'ETH',
      purchase_amount: { value: '0.25', currency: 'ETH' },
      wallet_address: address,
      payment_method: 'CARD',
      tx_hash: transactions[0]!.txHash,
    })
    expect(second.body.next_page_key).toBe('')
  })

  it('Pay on Solana sends SOL to the address on the local Solana endpoint', async () => {
    const address = Keypair.generate().publicKey.toBase58()
    const { outcome } = await buy(address, 'solana', 'SOL', '1.5', `sol-${Date.now()}`)
    expect(outcome).toMatch(/Purchase complete/)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl }, 'native', address)).toBe(BigInt(1.5 * LAMPORTS_PER_SOL))
  })

  it('Pay in USDC sends the ERC-20 on anvil and SPL USDC on Solana (into a token account it creates)', async () => {
    const evmRecipient = evmAddress()
    expect((await buy(evmRecipient, 'base', '2b92315d-eab7-5bef-84fa-089a131333f5', '12.5', `usdc-${Date.now()}`)).outcome).toMatch(/Purchase complete/)
    expect(await evmBalance({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, usdcAddress: usdc.evm[anvil.chainId] }, 'USDC', evmRecipient)).toBe(12_500_000n)
    const solanaRecipient = Keypair.generate().publicKey.toBase58()
    expect((await buy(solanaRecipient, 'solana', 'USDC', '3', `usdc-sol-${Date.now()}`)).outcome).toMatch(/Purchase complete/)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint }, 'USDC', solanaRecipient)).toBe(3_000_000n)
    expect(await coinbase.transactions.at(-1)).toMatchObject({
      purchaseCurrency: 'USDC',
      purchaseNetwork: 'solana',
      purchaseAmount: '3',
      paymentSubtotalUsd: 3,
    })
  })

  it('Decline, a forced decline and a forced delivery failure end failed and move nothing', async () => {
    const address = evmAddress()
    const declined = await buy(address, 'base', 'ETH', '0.1', `decline-${Date.now()}`, 'decline')
    expect(declined.outcome).toMatch(/declined/)
    coinbase.forceNext('decline')
    expect((await buy(address, 'base', 'ETH', '0.1', `forced-${Date.now()}`)).outcome).toMatch(/declined/)
    coinbase.forceNext('failed')
    const reference = `failed-${Date.now()}`
    expect((await buy(address, 'base', 'ETH', '0.1', reference)).outcome).toMatch(/failed/)
    expect(await evmBalance({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, 'native', address)).toBe(0n)
    const failed = coinbase.transactions.find((transaction) => transaction.partnerUserRef === reference)
    expect(failed).toMatchObject({ status: 'ONRAMP_TRANSACTION_STATUS_FAILED', failureReason: 'FAILURE_REASON_SEND_FAILED', txHash: '' })
  })

  it('refuses an amount that is not a positive number, and a second answer', async () => {
    const page = await openCheckoutPage(pageUrl(await sessionToken(evmAddress(), ['base']), { defaultNetwork: 'base' }))
    for (const amount of ['', '0', '-1', 'abc', '1e3', '0.0000000000000000001'])
      expect((await answerCheckout(coinbase.url, page.checkoutId!, 'pay', amount)).status).toBe(400)
    expect((await answerCheckout(coinbase.url, page.checkoutId!, 'decline')).status).toBe(303)
    expect((await answerCheckout(coinbase.url, page.checkoutId!, 'pay', '1')).status).toBe(409)
  })
})

describe('webhooks', () => {
  it('delivers created, updated and success events signed with X-Hook0-Signature', async () => {
    const reference = `hooks-${Date.now()}`
    await buy(evmAddress(), 'base', 'ETH', '0.02', reference)
    const events = receiver.received.filter((delivery) => JSON.parse(delivery.body).partnerUserRef === reference)
    expect(events.map((delivery) => JSON.parse(delivery.body).eventType)).toEqual([
      'onramp.transaction.created',
      'onramp.transaction.updated',
      'onramp.transaction.success',
    ])
    expect(events.map((delivery) => JSON.parse(delivery.body).status)).toEqual([
      'ONRAMP_TRANSACTION_STATUS_CREATED',
      'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      'ONRAMP_TRANSACTION_STATUS_SUCCESS',
    ])
    for (const { body, headers } of events) {
      const fields = Object.fromEntries(
        headers['x-hook0-signature']!.split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
      )
      expect(fields.h).toBe('content-type x-hook0-id')
      expect(Math.abs(Number(fields.t) - Date.now() / 1000)).toBeLessThan(60)
      const signedValues = fields
        .h!.split(' ')
        .map((name) => headers[name])
        .join('.')
      expect(fields.v1).toBe(createHmac('sha256', coinbase.webhookSecret).update(`${fields.t}.${fields.h}.${signedValues}.${body}`).digest('hex'))
      expect(fields.v1).not.toBe(
        createHmac('sha256', coinbase.webhookSecret)
          .update(`${fields.t}.${fields.h}.${signedValues}.${body.replace('0.02', '2.00')}`)
          .digest('hex'),
      )
    }
  })

  it('retries a delivery the receiver did not accept', async () => {
    const reference = `retry-${Date.now()}`
    receiver.failNext(1)
    await buy(evmAddress(), 'base', 'ETH', '0.01', reference, 'decline')
    const deliveries = receiver.received.filter((delivery) => JSON.parse(delivery.body).partnerUserRef === reference)
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).eventType)).toEqual([
      'onramp.transaction.created',
      'onramp.transaction.created',
      'onramp.transaction.failed',
    ])
    // A retry is the same event: same id and body, signed anew.
    expect(deliveries[1]!.headers['x-hook0-id']).toBe(deliveries[0]!.headers['x-hook0-id'])
    expect(deliveries[1]!.body).toBe(deliveries[0]!.body)
    expect(deliveries[2]!.headers['x-hook0-id']).not.toBe(deliveries[0]!.headers['x-hook0-id'])
  })
})
