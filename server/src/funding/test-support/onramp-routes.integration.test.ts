/**
 * The card on-ramp routes end to end: the server's real Coinbase Onramp and MoonPay adapters against their local
 * stand-ins, a user signed in with their own wallet, the hosted page's Pay really funding the wallet on the local
 * chain, and the purchase status read back through the API: from the provider's status API, or from the
 * provider's signed webhooks when the app has a webhook secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import type { AppRecord } from '../../apps/types.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../test-support/litesvm-rpc.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { startCoinbaseOnrampStandIn, type CoinbaseOnrampStandIn } from './coinbase-onramp.js'
import { anvilAccountKey, evmBalance } from './evm-payouts.js'
import { APP_ORIGIN, coinbaseSettings, fundingSettings, moonpaySettings, signInWithEthereum, signInWithSolana } from './funding-app.js'
import { startMoonpayStandIn, type MoonpayStandIn } from './moonpay.js'
import { answerCheckout, openCheckoutPage, statusText, waitForOutcome } from './page-driver.js'
import { solanaBalance } from './solana-payouts.js'

let anvil: Anvil
let solana: SolanaLocalnet
let t: TestServer
/** Coinbase read through its Transaction Status API (the test server's own app), and one reporting by webhook. */
let coinbase: CoinbaseOnrampStandIn
let coinbaseHooks: CoinbaseOnrampStandIn
let moonpay: MoonpayStandIn
let moonpayHooks: MoonpayStandIn
let hooksApp: AppRecord

const appSettings = (funding: AppRecord['funding']) => ({
  allowedOrigins: [APP_ORIGIN],
  loginMethods: ['wallet' as const, 'solana_wallet' as const],
  chains: [
    {
      id: anvil.chainId,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: anvil.rpcUrl,
      blockExplorerUrl: null,
      testnet: true,
      onrampNetwork: 'base',
    },
  ],
  solanaClusters: [{ name: 'devnet' as const, rpcUrl: solana.rpcUrl, blockExplorerUrl: null }],
  funding,
})

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil(), startSolanaLocalnet({ slotMs: 50 })])
  const networks = { base: { rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, solana: { rpcUrl: solana.rpcUrl } }
  // Each stand-in pays from its own anvil account.
  ;[coinbase, coinbaseHooks, moonpay, moonpayHooks] = await Promise.all([
    startCoinbaseOnrampStandIn({ networks, statusDelayMs: 20 }),
    startCoinbaseOnrampStandIn({ networks, statusDelayMs: 20, treasuryKey: anvilAccountKey(6) }),
    startMoonpayStandIn({ networks, statusDelayMs: 20 }),
    startMoonpayStandIn({ networks, statusDelayMs: 20, treasuryKey: anvilAccountKey(4) }),
  ])
  t = await startTestServer({
    app: appSettings(
      fundingSettings(anvil.chainId, {
        coinbaseOnramp: coinbaseSettings(coinbase, { webhooks: false }),
        moonpay: moonpaySettings(moonpay, { webhooks: false }),
      }),
    ),
  })
  hooksApp = await t.createApp({
    name: 'Webhook app',
    ...appSettings(
      fundingSettings(anvil.chainId, {
        coinbaseOnramp: coinbaseSettings(coinbaseHooks, { webhooks: true }),
        moonpay: moonpaySettings(moonpayHooks, { webhooks: true }),
      }),
    ),
  })
  coinbaseHooks.setWebhookUrl(`${t.url}/api/v1/funding/webhooks/coinbase/${hooksApp.id}`)
  moonpayHooks.setWebhookUrl(`${t.url}/api/v1/funding/webhooks/moonpay/${hooksApp.id}`)
})
afterAll(async () => {
  await Promise.all([coinbase?.close(), coinbaseHooks?.close(), moonpay?.close(), moonpayHooks?.close()])
  await t?.close()
  await Promise.all([solana?.close(), anvil?.stop()])
})

const chain = () => ({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })

/** The hosted page URL the client builds from init's answer (funding spec, "Screens and routes"). */
function coinbasePageUrl(init: { app_id: string; session_token: string; partner_user_id: string; onramp_url: string }, params: Record<string, string>): string {
  const url = new URL(init.onramp_url)
  url.search = new URLSearchParams({
    appId: init.app_id,
    sessionToken: init.session_token,
    endPartnerName: 'Test App',
    defaultExperience: 'buy',
    defaultPaymentMethod: 'CARD',
    partnerUserId: init.partner_user_id,
    ...params,
  }).toString()
  return url.href
}

async function coinbaseInit(token: string, address: string, blockchain: string, appId?: string) {
  const init = await t.call('/api/v1/funding/coinbase_on_ramp/init', {
    token,
    appId,
    body: { addresses: [{ address, blockchains: [blockchain] }], assets: [blockchain === 'solana' ? 'SOL' : 'ETH'] },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  return init.body
}

const coinbaseStatus = async (token: string, partnerUserId: string, appId?: string) =>
  t.call(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${partnerUserId}`, { token, appId })

/** Opens the page, answers it and waits for the outcome the page shows. */
async function checkout(standInUrl: string, pageUrl: string, answer: 'pay' | 'decline', amount: string): Promise<string> {
  const page = await openCheckoutPage(pageUrl)
  expect(page.status, statusText(page.html)).toBe(200)
  expect((await answerCheckout(standInUrl, page.checkoutId!, answer, amount)).status).toBe(303)
  return waitForOutcome(standInUrl, page.checkoutId!)
}

describe('Coinbase Onramp through the server', () => {
  it('init → the hosted page → Pay funds the wallet, and the status answers success (Transaction Status API)', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account)
    const init = await coinbaseInit(token, account.address, 'base')
    expect(init).toMatchObject({ app_id: coinbase.projectId, channel_id: '', onramp_url: `${coinbase.url}/buy/select-asset` })
    expect((await coinbaseStatus(token, init.partner_user_id)).body).toEqual({ status: 'pending' })
    const outcome = await checkout(
      coinbase.url,
      coinbasePageUrl(init, { defaultNetwork: 'base', defaultAsset: 'ETH', presetCryptoAmount: '0.05' }),
      'pay',
      '0.05',
    )
    expect(outcome).toMatch(/Purchase complete/)
    expect(await evmBalance(chain(), 'native', account.address)).toBe(parseEther('0.05'))
    expect((await coinbaseStatus(token, init.partner_user_id)).body).toEqual({ status: 'success' })
  })

  it('the exchange (send from a Coinbase account) funds the wallet the same way', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account)
    const init = await coinbaseInit(token, account.address, 'base')
    const url = coinbasePageUrl(init, {
      defaultNetwork: 'base',
      defaultAsset: 'ETH',
      presetCryptoAmount: '0.02',
      defaultExperience: 'send',
      defaultPaymentMethod: 'CRYPTO_ACCOUNT',
    })
    expect(await checkout(coinbase.url, url, 'pay', '0.02')).toMatch(/Purchase complete/)
    expect((await coinbaseStatus(token, init.partner_user_id)).body).toEqual({ status: 'success' })
    expect(coinbase.transactions.find((purchase) => purchase.partnerUserRef === init.partner_user_id)).toMatchObject({
      paymentMethod: 'CRYPTO_ACCOUNT',
      type: 'ONRAMP_TRANSACTION_TYPE_SEND',
    })
  })

  it('Decline (and a card declined at Pay) answers failure, and nothing is sent', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account)
    const declined = await coinbaseInit(token, account.address, 'base')
    expect(await checkout(coinbase.url, coinbasePageUrl(declined, { defaultNetwork: 'base' }), 'decline', '0.01')).toMatch(/declined/)
    expect((await coinbaseStatus(token, declined.partner_user_id)).body).toEqual({ status: 'failure' })
    coinbase.forceNext('decline')
    const forced = await coinbaseInit(token, account.address, 'base')
    await checkout(coinbase.url, coinbasePageUrl(forced, { defaultNetwork: 'base' }), 'pay', '0.01')
    expect((await coinbaseStatus(token, forced.partner_user_id)).body).toEqual({ status: 'failure' })
    expect(await evmBalance(chain(), 'native', account.address)).toBe(0n)
  })

  it('buys SOL for a Solana wallet', async () => {
    const keypair = Keypair.generate()
    const token = await signInWithSolana(t, keypair)
    const init = await coinbaseInit(token, keypair.publicKey.toBase58(), 'solana')
    expect(
      await checkout(coinbase.url, coinbasePageUrl(init, { defaultNetwork: 'solana', defaultAsset: 'SOL', presetCryptoAmount: '0.75' }), 'pay', '0.75'),
    ).toMatch(/Purchase complete/)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl }, 'native', keypair.publicKey.toBase58())).toBe(BigInt(0.75 * LAMPORTS_PER_SOL))
    expect((await coinbaseStatus(token, init.partner_user_id)).body).toEqual({ status: 'success' })
  })

  it('with a webhook secret, the status follows the signed webhooks the stand-in delivers', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account, hooksApp.id)
    const init = await coinbaseInit(token, account.address, 'base', hooksApp.id)
    expect(init.app_id).toBe(coinbaseHooks.projectId)
    await checkout(coinbaseHooks.url, coinbasePageUrl(init, { defaultNetwork: 'base', defaultAsset: 'ETH' }), 'pay', '0.03')
    await coinbaseHooks.settled()
    const deliveries = coinbaseHooks.webhooks.filter((attempt) => JSON.parse(attempt.body).partnerUserRef === init.partner_user_id)
    expect(deliveries.map((attempt) => attempt.status)).toEqual([200, 200, 200])
    expect((await coinbaseStatus(token, init.partner_user_id, hooksApp.id)).body).toEqual({ status: 'success' })
    expect(await evmBalance(chain(), 'native', account.address)).toBe(parseEther('0.03'))

    const declined = await coinbaseInit(token, account.address, 'base', hooksApp.id)
    await checkout(coinbaseHooks.url, coinbasePageUrl(declined, { defaultNetwork: 'base' }), 'decline', '0.01')
    await coinbaseHooks.settled()
    expect((await coinbaseStatus(token, declined.partner_user_id, hooksApp.id)).body).toEqual({ status: 'failure' })
  })

  it("refuses another user's wallet and another user's reference", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const [ownerToken, otherToken] = [await signInWithEthereum(t, owner), await signInWithEthereum(t, other)]
    const refused = await t.call('/api/v1/funding/coinbase_on_ramp/init', {
      token: otherToken,
      body: { addresses: [{ address: owner.address, blockchains: ['base'] }] },
    })
    expect(refused.status).toBe(403)
    const init = await coinbaseInit(ownerToken, owner.address, 'base')
    expect((await coinbaseStatus(otherToken, init.partner_user_id)).status).toBe(404)
  })
})

describe('MoonPay through the server', () => {
  async function sign(token: string, address: string, config: Record<string, unknown>, options: { useSandbox?: boolean; appId?: string } = {}) {
    const signed = await t.call('/api/v1/plugins/moonpay_on_ramp/sign', {
      token,
      appId: options.appId,
      body: { address, useSandbox: options.useSandbox ?? true, config },
    })
    expect(signed.status, JSON.stringify(signed.body)).toBe(200)
    return signed.body as { signedUrl: string; externalTransactionId: string; statusUrl: string }
  }

  it('sign → the signed URL opens the widget → Pay funds the wallet → the statusUrl answers completed', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account)
    const signed = await sign(token, account.address, {
      currencyCode: 'ETH_BASE',
      quoteCurrencyAmount: 0.04,
      paymentMethod: 'credit_debit_card',
      uiConfig: { accentColor: '#336699', theme: 'dark' },
    })
    expect(signed.signedUrl.startsWith(`${moonpay.url}/?`)).toBe(true)
    expect(signed.statusUrl).toBe(`${moonpay.url}/v1/transactions/ext/${signed.externalTransactionId}?apiKey=${moonpay.keys.sandbox.publishableKey}`)
    expect((await fetch(signed.statusUrl)).status).toBe(404)
    expect(await checkout(moonpay.url, signed.signedUrl, 'pay', '0.04')).toMatch(/Purchase complete/)
    expect(await evmBalance(chain(), 'native', account.address)).toBe(parseEther('0.04'))
    const [purchase] = (await (await fetch(signed.statusUrl)).json()) as { status: string; walletAddress: string; paymentMethod: string }[]
    expect(purchase).toMatchObject({ status: 'completed', walletAddress: account.address, paymentMethod: 'credit_debit_card' })
  })

  it('signs with the live keys unless the sandbox is asked for, and the widget refuses an altered URL', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account)
    const live = await sign(token, account.address, { currencyCode: 'ETH_BASE', quoteCurrencyAmount: 0.01 }, { useSandbox: false })
    expect(new URL(live.signedUrl).searchParams.get('apiKey')).toBe(moonpay.keys.live.publishableKey)
    expect((await openCheckoutPage(live.signedUrl)).status).toBe(200)
    const altered = live.signedUrl.replace(account.address, privateKeyToAccount(generatePrivateKey()).address)
    const page = await openCheckoutPage(altered)
    expect(page.status).toBe(400)
    expect(page.checkoutId).toBeNull()
  })

  it('a declined card leaves the purchase failed', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account)
    const signed = await sign(token, account.address, { currencyCode: 'ETH_BASE', quoteCurrencyAmount: 0.01 })
    expect(await checkout(moonpay.url, signed.signedUrl, 'decline', '0.01')).toMatch(/declined/)
    const [purchase] = (await (await fetch(signed.statusUrl)).json()) as { status: string }[]
    expect(purchase!.status).toBe('failed')
  })

  it('buys SOL for a Solana wallet', async () => {
    const keypair = Keypair.generate()
    const token = await signInWithSolana(t, keypair)
    const signed = await sign(token, keypair.publicKey.toBase58(), { currencyCode: 'SOL', quoteCurrencyAmount: 1.25 })
    expect(await checkout(moonpay.url, signed.signedUrl, 'pay', '1.25')).toMatch(/Purchase complete/)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl }, 'native', keypair.publicKey.toBase58())).toBe(BigInt(1.25 * LAMPORTS_PER_SOL))
  })

  it("with a webhook key, the statusUrl is the server's copy of MoonPay's signed webhooks", async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, account, hooksApp.id)
    const signed = await sign(token, account.address, { currencyCode: 'ETH_BASE', quoteCurrencyAmount: 0.02 }, { appId: hooksApp.id })
    expect(signed.statusUrl.startsWith(t.url)).toBe(true)
    expect((await fetch(signed.statusUrl)).status).toBe(404)
    await checkout(moonpayHooks.url, signed.signedUrl, 'pay', '0.02')
    await moonpayHooks.settled()
    expect(
      moonpayHooks.webhooks
        .filter((attempt) => JSON.parse(attempt.body).data.externalTransactionId === signed.externalTransactionId)
        .map((attempt) => attempt.status),
    ).toEqual([200, 200, 200])
    const answer = await fetch(signed.statusUrl, { headers: { origin: APP_ORIGIN } })
    expect(answer.status).toBe(200)
    const [purchase] = (await answer.json()) as { status: string }[]
    expect(purchase!.status).toBe('completed')
  })
})
