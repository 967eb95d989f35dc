/**
 * A local stand-in for MoonPay's buy widget and API, speaking its documented protocol (`widget_url`,
 * `sandbox_widget_url` and `api_url` all = `{url}`):
 * - `GET /?apiKey&walletAddress&currencyCode&quoteCurrencyAmount&paymentMethod&externalTransactionId&...&signature`:
 *   the widget. A URL with `walletAddress` must carry the signature of its query string by the secret key of the
 *   `apiKey`'s environment (live or sandbox); an unsigned or altered URL shows an error and does nothing. Pay really
 *   sends what `currencyCode` names (`eth_base` → the chain playing Base, `sol` → Solana, ...) to `walletAddress`.
 * - `GET /v1/transactions/ext/{externalTransactionId}?apiKey=pk_...`: the purchases under that id in the key's
 *   environment (404 until one exists), open to browser pages (CORS); statuses waitingPayment → pending →
 *   completed, or failed, or waitingAuthorization when a test forces it.
 * - Webhooks (`transaction_created` / `_updated` / `_failed`, `Moonpay-Signature-V2`) to the subscribed URL.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { formatUnits, type Hex } from 'viem'
import type { Keypair } from '@solana/web3.js'
import { DEFAULT_PURCHASE, DEV_USD_PRICES, moonpayCurrency, usdValue } from './catalog.js'
import {
  checkoutCopy,
  createCardCheckouts,
  forcedOutcomes,
  purchaseRunner,
  type CardStandIn,
  type PurchaseMove,
  type PurchaseOutcome,
  type PurchaseRecord,
} from './checkout.js'
import { anvilAccountKey } from './evm-payouts.js'
import { allowAnyOrigin, HttpAnswer, sendJson, sendMessagePage, startLocalServer, type Handler } from './http.js'
import { hasValidSignature, moonpaySignatureHeader, stagesFor, webhookBody, type MoonpayStatus, type MoonpayTransaction } from './moonpay-transactions.js'
import { assetDecimals, assetUnavailable, isAddressOn, type FundingAsset, type LocalNetwork, type LocalNetworks } from './networks.js'
import { openTreasury, type Treasury } from './treasury.js'
import { createWebhookSender, type WebhookSender } from './webhook-sender.js'

export type MoonpayForcedOutcome = 'decline' | 'failed' | 'waitingAuthorization'
type Environment = 'live' | 'sandbox'
export interface MoonpayKeys {
  publishableKey: string
  secretKey: string
}

export interface MoonpayStandInOptions {
  /** Network names (`ethereum`, `base`, `arbitrum`, `solana`, ...) → the local chain that plays it. */
  networks: LocalNetworks
  /** The anvil account purchases are paid from (default: anvil's account 8). */
  treasuryKey?: Hex
  solanaKeypair?: Keypair
  /** Where `transaction_*` events go; settable later. */
  webhookUrl?: string
  /** Time between status steps (default 300 ms). */
  statusDelayMs?: number
  host?: string
  port?: number
}

export interface MoonpayStandIn extends CardStandIn<MoonpayTransaction, MoonpayForcedOutcome> {
  /** The widget host (`widget_url`, `sandbox_widget_url`) and the API base (`api_url`). */
  url: string
  keys: Record<Environment, MoonpayKeys>
  /** The webhook API key (`webhook_key`). */
  webhookKey: string
  /** The next `count` status API calls answer 500, as an outage would. */
  failStatusRequests(count: number): void
}

const copy = {
  title: 'MoonPay (local stand-in)',
  intro: 'Buy crypto with your card. It is sent to the wallet below.',
  card: 'Credit or debit card (local stand-in: no card is charged)',
  invalidKey: 'Invalid API key: this widget cannot load.',
  badSignature: 'This URL is not signed, or was changed after it was signed: the widget cannot load.',
  noWallet: 'This stand-in needs the walletAddress parameter.',
  notSold: 'This currency is not sold on a network of this stand-in.',
  badAddress: 'The wallet address is not valid for this currency.',
  progress: {
    waitingPayment: 'Waiting for your payment…',
    pending: 'Payment received. Sending your crypto…',
    waitingAuthorization: 'Your payment is being authorized. This may take up to a few hours.',
    completed: checkoutCopy.outcome.completed,
    declined: checkoutCopy.outcome.declined,
    failed: checkoutCopy.outcome.failed,
  },
}

interface MoonpayOrder {
  environment: Environment
  networkName: string
  network: LocalNetwork
  asset: FundingAsset
  symbol: string
  code: string
  address: string
  externalTransactionId: string | null
  paymentMethod: string
  transaction?: MoonpayTransaction
  declined?: boolean
}

interface MoonpayState {
  options: MoonpayStandInOptions
  keys: Record<Environment, MoonpayKeys>
  webhookKey: string
  webhookUrl: string | null
  treasury: Treasury
  transactions: (MoonpayTransaction & { environment: Environment })[]
  runner: ReturnType<typeof purchaseRunner>
  forced: ReturnType<typeof forcedOutcomes<PurchaseOutcome>>
  webhooks: WebhookSender
  failingStatusRequests: number
}

const FEE_RATE = 0.045
const MIN_FEE_USD = 3.99
const NETWORK_FEE_USD = 0.12
const apiError = (status: number, type: string, message: string) => new HttpAnswer(status, { message, type })
const environmentOf = (state: MoonpayState, publishableKey: string | null) =>
  (Object.keys(state.keys) as Environment[]).find((environment) => state.keys[environment].publishableKey === publishableKey)

function setStatus(state: MoonpayState, transaction: MoonpayTransaction, status: MoonpayStatus, changes: Partial<MoonpayTransaction> = {}): void {
  Object.assign(transaction, { status, updatedAt: new Date().toISOString(), ...changes })
  transaction.stages = stagesFor(status, transaction.failureReason)
  if (state.webhookUrl) state.webhooks.send(state.webhookUrl, webhookBody(transaction), (body) => moonpaySignatureHeader(state.webhookKey, body))
}

/** MoonPay's status, and what changes with it, for each move of a purchase. */
function moonpayMove(order: MoonpayOrder, step: PurchaseMove, hash?: string): [MoonpayStatus, Partial<MoonpayTransaction>] {
  if (step === 'completed') return ['completed', { cryptoTransactionId: hash ?? null }]
  if (step === 'failed') return ['failed', { failureReason: 'The crypto could not be sent.' }]
  if (step === 'declined') {
    order.declined = true
    return ['failed', { failureReason: 'Your card was declined.' }]
  }
  return [step === 'held' ? 'waitingAuthorization' : 'pending', {}]
}

function openTransaction(state: MoonpayState, order: MoonpayOrder, amount: bigint): PurchaseRecord {
  const decimals = assetDecimals(order.network, order.asset)
  const subtotal = usdValue(amount, decimals, order.symbol)
  const fee = Math.max(MIN_FEE_USD, Math.round(subtotal * FEE_RATE * 100) / 100)
  const now = new Date().toISOString()
  const transaction: MoonpayTransaction & { environment: Environment } = {
    environment: order.environment,
    id: randomUUID(),
    createdAt: now,
    updatedAt: now,
    baseCurrencyAmount: subtotal,
    quoteCurrencyAmount: Number(formatUnits(amount, decimals)),
    feeAmount: fee,
    extraFeeAmount: 0,
    networkFeeAmount: NETWORK_FEE_USD,
    areFeesIncluded: false,
    status: 'waitingPayment',
    failureReason: null,
    walletAddress: order.address,
    walletAddressTag: null,
    cryptoTransactionId: null,
    redirectUrl: null,
    returnUrl: '',
    widgetRedirectUrl: null,
    baseCurrencyId: 'usd-stand-in',
    currencyId: `${order.code}-stand-in`,
    customerId: randomUUID(),
    cardId: order.paymentMethod === 'credit_debit_card' ? randomUUID() : null,
    bankAccountId: null,
    eurRate: 0.92,
    usdRate: 1,
    gbpRate: 0.79,
    externalTransactionId: order.externalTransactionId,
    externalCustomerId: null,
    paymentMethod: order.paymentMethod,
    cardPaymentType: order.paymentMethod === 'credit_debit_card' ? 'debit' : null,
    country: 'USA',
    state: 'NY',
    stages: [],
    baseCurrency: { id: 'usd-stand-in', type: 'fiat', name: 'US Dollar', code: 'usd', precision: 2 },
    currency: {
      id: `${order.code}-stand-in`,
      type: 'crypto',
      name: order.symbol,
      code: order.code,
      precision: decimals,
      networkCode: order.networkName,
      notAllowedUS: false,
    },
  }
  state.transactions.push(transaction)
  order.transaction = transaction
  setStatus(state, transaction, 'waitingPayment')
  return {
    move: (step, hash) => setStatus(state, transaction, ...moonpayMove(order, step, hash)),
    deliver: () => state.treasury.pay({ network: order.network, asset: order.asset, to: order.address, amount, reference: transaction.id }),
  }
}

function progressOf(order: MoonpayOrder): { message: string; done: boolean } {
  const status = order.transaction?.status ?? 'waitingPayment'
  if (status === 'failed') return { message: order.declined ? copy.progress.declined : copy.progress.failed, done: true }
  return { message: copy.progress[status], done: status === 'completed' || status === 'waitingAuthorization' }
}

/** The order a widget URL asks for, or the message that refuses it (nothing happens for a URL MoonPay would not load). */
function orderFromWidgetUrl(state: MoonpayState, rawUrl: string, params: URLSearchParams): MoonpayOrder | { refusal: string; status: number } {
  const environment = environmentOf(state, params.get('apiKey'))
  if (!environment) return { refusal: copy.invalidKey, status: 401 }
  const address = params.get('walletAddress')
  if (!address) return { refusal: copy.noWallet, status: 400 }
  if (!hasValidSignature(rawUrl, state.keys[environment].secretKey)) return { refusal: copy.badSignature, status: 400 }
  const currency = moonpayCurrency(params.get('currencyCode') ?? params.get('defaultCurrencyCode') ?? '')
  const network = currency && state.options.networks[currency.network]
  if (!currency || !network || assetUnavailable(network, currency.asset)) return { refusal: copy.notSold, status: 400 }
  if (!isAddressOn(network, address)) return { refusal: copy.badAddress, status: 400 }
  return {
    environment,
    networkName: currency.network,
    network,
    asset: currency.asset,
    symbol: currency.symbol,
    code: currency.code,
    address,
    externalTransactionId: params.get('externalTransactionId'),
    paymentMethod: params.get('paymentMethod') ?? 'credit_debit_card',
  }
}

function openWidget(
  state: MoonpayState,
  checkouts: ReturnType<typeof createCardCheckouts<MoonpayOrder>>,
  request: IncomingMessage,
  response: ServerResponse,
  params: URLSearchParams,
): void {
  const order = orderFromWidgetUrl(state, request.url ?? '', params)
  if ('refusal' in order) return sendMessagePage(response, order.status, copy.title, order.refusal)
  const fiat = Number(params.get('baseCurrencyAmount'))
  const preset =
    params.get('quoteCurrencyAmount') ?? (fiat > 0 ? (fiat / (DEV_USD_PRICES[order.symbol] ?? 1)).toFixed(6) : String(DEFAULT_PURCHASE[order.symbol] ?? 1))
  checkouts.show(response, order, { method: copy.card, amount: preset, intro: copy.intro })
}

/** `GET /v1/transactions/ext/{id}?apiKey=`: the purchases under that external id, in the key's environment. */
function listByExternalId(state: MoonpayState, response: ServerResponse, externalTransactionId: string, params: URLSearchParams): void {
  if (state.failingStatusRequests > 0) {
    state.failingStatusRequests--
    throw apiError(500, 'InternalServerError', 'Internal server error')
  }
  const environment = environmentOf(state, params.get('apiKey'))
  if (!environment) throw apiError(401, 'UnauthorizedError', 'Invalid API key')
  const found = state.transactions.filter(
    (transaction) => transaction.environment === environment && transaction.externalTransactionId === externalTransactionId,
  )
  if (found.length === 0) throw apiError(404, 'NotFoundError', 'Transaction not found')
  sendJson(
    response,
    200,
    found.reverse().map(({ environment: _environment, ...transaction }) => transaction),
  )
}

function routes(state: MoonpayState): Handler {
  const checkouts = createCardCheckouts<MoonpayOrder>(
    copy.title,
    { runner: state.runner, forced: state.forced, open: (order, amount) => openTransaction(state, order, amount) },
    progressOf,
  )
  return async (request, response, url) => {
    const status = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(url.pathname)
    if (status) {
      if (allowAnyOrigin(request, response)) return
      if (request.method !== 'GET') throw apiError(405, 'MethodNotAllowedError', 'Method not allowed')
      return listByExternalId(state, response, decodeURIComponent(status[1]!), url.searchParams)
    }
    if (request.method === 'GET' && url.pathname === '/') return openWidget(state, checkouts, request, response, url.searchParams)
    const checkout = /^\/checkout\/([0-9a-f]{32})$/.exec(url.pathname)
    if (checkout) return checkouts.handle(request, response, checkout[1]!)
    throw apiError(404, 'NotFoundError', 'Not found')
  }
}

const newKeys = (environment: 'live' | 'test'): MoonpayKeys => ({
  publishableKey: `pk_${environment}_${randomBytes(16).toString('hex')}`,
  secretKey: `sk_${environment}_${randomBytes(24).toString('hex')}`,
})

export async function startMoonpayStandIn(options: MoonpayStandInOptions): Promise<MoonpayStandIn> {
  const state: MoonpayState = {
    options,
    keys: { live: newKeys('live'), sandbox: newKeys('test') },
    webhookKey: `wk_${randomBytes(24).toString('hex')}`,
    webhookUrl: options.webhookUrl ?? null,
    transactions: [],
    runner: purchaseRunner(options.statusDelayMs ?? 300),
    forced: forcedOutcomes<PurchaseOutcome>(),
    webhooks: createWebhookSender(),
    failingStatusRequests: 0,
    treasury: await openTreasury(options.networks, { evmPrivateKey: options.treasuryKey ?? anvilAccountKey(8), solanaKeypair: options.solanaKeypair }),
  }
  const server = await startLocalServer(routes(state), options)
  return {
    url: server.url,
    keys: state.keys,
    webhookKey: state.webhookKey,
    treasury: { evmAddress: state.treasury.evmAddress, solanaAddress: state.treasury.solanaAddress },
    transactions: state.transactions,
    webhooks: state.webhooks.attempts,
    setWebhookUrl: (url) => {
      state.webhookUrl = url
    },
    // MoonPay holds a card payment for authorization where another provider would stay in progress.
    forceNext: (outcome) => state.forced.force(outcome === 'waitingAuthorization' ? 'held' : outcome),
    failStatusRequests: (count) => {
      state.failingStatusRequests = count
    },
    async settled() {
      await state.runner.settled()
      await state.webhooks.settled()
    },
    close: server.close,
  }
}
