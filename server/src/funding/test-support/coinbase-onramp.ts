/**
 * A local stand-in for Coinbase Onramp (CDP), speaking its documented protocol so the server's real adapter runs
 * against it unchanged (`api_url` = `{url}/onramp`, `pay_url` = `{url}`):
 * - `POST /onramp/v1/token`: the session token API, authorized by a CDP Secret API key's Bearer JWT (cdp-keys.ts);
 *   body `addresses` ({address, blockchains}), optional `assets`, and `clientIp`; answers `{ token, channel_id }`, a
 *   token that works once and for 5 minutes.
 * - `GET /buy/select-asset?sessionToken&appId&defaultNetwork&defaultAsset&presetCryptoAmount&defaultPaymentMethod&
 *   defaultExperience&partnerUserId&endPartnerName`: the hosted page (checkout.ts) whose Pay really sends the asset
 *   from the stand-in's treasury to the session's address on the local chain the network names.
 * - `GET /onramp/v1/buy/user/{partnerUserRef}/transactions?page_key&page_size`: the Transaction Status API (JWT),
 *   newest first, a page of 1 unless asked for more.
 * - Webhooks (`onramp.transaction.*`, `X-Hook0-Signature`) to the subscribed URL on every status change.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { formatUnits, type Hex } from 'viem'
import type { Keypair } from '@solana/web3.js'
import { coinbaseAsset, DEFAULT_PURCHASE, usdValue } from './catalog.js'
import { cdpJwtProblem, generateCdpApiKey, type CdpKeyType } from './cdp-keys.js'
import { checkoutCopy, createCardCheckouts, forcedOutcomes, purchaseRunner, type CardStandIn, type PurchaseMove, type PurchaseRecord } from './checkout.js'
import { statusApiTransaction, webhookEvent, hook0Headers, type OnrampPurchase, type OnrampStatus } from './coinbase-transactions.js'
import { anvilAccountKey } from './evm-payouts.js'
import { HttpAnswer, readJson, sendJson, sendMessagePage, startLocalServer, type Handler } from './http.js'
import { assetDecimals, assetUnavailable, isEvmAddress, isSolanaAddress, type FundingAsset, type LocalNetwork, type LocalNetworks } from './networks.js'
import { openTreasury, type Treasury } from './treasury.js'
import { createWebhookSender, type WebhookSender } from './webhook-sender.js'

export type CoinbaseForcedOutcome = 'decline' | 'failed' | 'stuck'

export interface CoinbaseOnrampStandInOptions {
  /** Coinbase network names (`base`, `ethereum`, `solana`, ...) → the local chain that plays it. */
  networks: LocalNetworks
  /** The anvil account purchases are paid from (default: anvil's account 7). */
  treasuryKey?: Hex
  solanaKeypair?: Keypair
  keyType?: CdpKeyType
  /** Where `onramp.transaction.*` events go (a webhook subscription); settable later. */
  webhookUrl?: string
  /** Time between status steps, so a status can be seen in flight (default 300 ms). */
  statusDelayMs?: number
  now?: () => number
  host?: string
  port?: number
}

export interface CoinbaseOnrampStandIn extends CardStandIn<OnrampPurchase, CoinbaseForcedOutcome> {
  /** The hosted page's host: the app's `pay_url`. */
  url: string
  /** The API base: the app's `api_url`. */
  apiUrl: string
  /** The CDP project id (the hosted page's `appId`). */
  projectId: string
  /** The Secret API key the app signs with (`api_key_name`, `api_key_secret`). */
  apiKey: { name: string; secret: string }
  /** The webhook subscription's secret (`webhook_secret`). */
  webhookSecret: string
}

const SESSION_TOKEN_TTL_MS = 5 * 60 * 1000
const COINBASE_FEE_RATE = 0.015
const NETWORK_FEE_USD = 0.05

const copy = {
  title: 'Coinbase Onramp (local stand-in)',
  buyIntro: 'Buy crypto with your debit card. It is sent to your wallet on the network below.',
  sendIntro: 'Send crypto from your Coinbase account to your wallet on the network below.',
  methods: { CARD: 'Debit card (local stand-in: no card is charged)', CRYPTO_ACCOUNT: 'Your Coinbase account (local stand-in)' },
  invalidSession: 'This session token is invalid, expired or already used. Start again from the app.',
  wrongApp: 'This page was opened for another app (appId).',
  noAddress: 'The session has no address on this network.',
  notSold: 'This asset cannot be bought on this network here.',
  notLocal: 'This network has no local chain in this stand-in.',
  progress: {
    ONRAMP_TRANSACTION_STATUS_CREATED: 'Processing your purchase…',
    ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: 'Sending your crypto…',
    ONRAMP_TRANSACTION_STATUS_SUCCESS: checkoutCopy.outcome.completed,
    declined: checkoutCopy.outcome.declined,
    failed: checkoutCopy.outcome.failed,
  },
}

interface Session {
  addresses: { address: string; blockchains: string[] }[]
  assets: string[] | null
  expiresAt: number
  used: boolean
}

interface CoinbaseOrder {
  networkName: string
  network: LocalNetwork
  asset: FundingAsset
  symbol: string
  address: string
  partnerUserRef: string
  endPartnerName: string
  experience: 'buy' | 'send'
  purchase?: OnrampPurchase
  declined?: boolean
}

interface CoinbaseState {
  options: CoinbaseOnrampStandInOptions
  now: () => number
  key: ReturnType<typeof generateCdpApiKey>
  projectId: string
  webhookSecret: string
  webhookUrl: string | null
  treasury: Treasury
  sessions: Map<string, Session>
  purchases: OnrampPurchase[]
  runner: ReturnType<typeof purchaseRunner>
  forced: ReturnType<typeof forcedOutcomes<CoinbaseForcedOutcome>>
  webhooks: WebhookSender
}

const grpcError = (status: number, code: number, message: string) => new HttpAnswer(status, { code, message, details: [] })

function parseAddresses(addresses: unknown): Session['addresses'] {
  if (!Array.isArray(addresses) || addresses.length === 0) throw grpcError(400, 3, 'addresses must be a non-empty list')
  return addresses.map((entry) => {
    const { address, blockchains } = (entry ?? {}) as { address?: unknown; blockchains?: unknown }
    const names = Array.isArray(blockchains) ? blockchains : []
    if (typeof address !== 'string' || names.length === 0 || !names.every((chain) => typeof chain === 'string' && /^[a-z0-9-]{1,40}$/.test(chain))) {
      throw grpcError(400, 3, 'each address needs an address and a non-empty list of blockchains')
    }
    for (const chain of names as string[]) {
      if (!(chain === 'solana' ? isSolanaAddress(address) : isEvmAddress(address)))
        throw grpcError(400, 3, `Invalid address ${address} for blockchain ${chain}`)
    }
    return { address, blockchains: names as string[] }
  })
}

/** The session token body, validated as the API does (400 with the reason). */
function parseTokenBody(body: unknown): Pick<Session, 'addresses' | 'assets'> {
  const { addresses, assets, clientIp } = (body ?? {}) as { addresses?: unknown; assets?: unknown; clientIp?: unknown }
  const parsed = parseAddresses(addresses)
  if (assets !== undefined && !(Array.isArray(assets) && assets.every((asset) => typeof asset === 'string')))
    throw grpcError(400, 3, 'assets must be a list of strings')
  if (typeof clientIp !== 'string' || isIP(clientIp) === 0) throw grpcError(400, 3, "clientIp must be the end user's IP address")
  return { addresses: parsed, assets: (assets as string[] | undefined) ?? null }
}

async function authorize(state: CoinbaseState, request: IncomingMessage, url: URL): Promise<void> {
  const problem = await cdpJwtProblem(state.key, {
    authorization: request.headers.authorization,
    method: request.method ?? 'GET',
    host: request.headers.host ?? '',
    path: url.pathname,
  })
  if (problem) throw grpcError(401, 16, `Unauthenticated: ${problem}`)
}

function setStatus(state: CoinbaseState, purchase: OnrampPurchase, status: OnrampStatus, changes: Partial<OnrampPurchase> = {}): void {
  Object.assign(purchase, { status, ...changes })
  const eventId = randomUUID()
  if (state.webhookUrl)
    state.webhooks.send(state.webhookUrl, JSON.stringify(webhookEvent(purchase)), (body) => hook0Headers(state.webhookSecret, body, eventId))
}

/** Coinbase's status, and what changes with it, for each move of a purchase. */
function coinbaseMove(state: CoinbaseState, order: CoinbaseOrder, step: PurchaseMove, txHash = ''): [OnrampStatus, Partial<OnrampPurchase>] {
  const end = { completedAt: new Date(state.now()).toISOString() }
  if (step === 'completed') return ['ONRAMP_TRANSACTION_STATUS_SUCCESS', { ...end, txHash }]
  if (step === 'failed') return ['ONRAMP_TRANSACTION_STATUS_FAILED', { ...end, failureReason: 'FAILURE_REASON_SEND_FAILED' }]
  if (step === 'declined') {
    order.declined = true
    return ['ONRAMP_TRANSACTION_STATUS_FAILED', { ...end, failureReason: 'FAILURE_REASON_BUY_FAILED' }]
  }
  return ['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', {}]
}

function openPurchase(state: CoinbaseState, order: CoinbaseOrder, amount: bigint): PurchaseRecord {
  const decimals = assetDecimals(order.network, order.asset)
  const subtotal = usdValue(amount, decimals, order.symbol)
  const send = order.experience === 'send'
  const purchase: OnrampPurchase = {
    transactionId: randomUUID(),
    status: 'ONRAMP_TRANSACTION_STATUS_CREATED',
    purchaseCurrency: order.symbol,
    purchaseNetwork: order.networkName,
    purchaseAmount: formatUnits(amount, decimals),
    paymentSubtotalUsd: subtotal,
    coinbaseFeeUsd: Math.round(subtotal * COINBASE_FEE_RATE * 100) / 100,
    networkFeeUsd: NETWORK_FEE_USD,
    paymentMethod: send ? 'CRYPTO_ACCOUNT' : 'CARD',
    type: send ? 'ONRAMP_TRANSACTION_TYPE_SEND' : 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND',
    walletAddress: order.address,
    partnerUserRef: order.partnerUserRef,
    endPartnerName: order.endPartnerName,
    txHash: '',
    failureReason: '',
    createdAt: new Date(state.now()).toISOString(),
    completedAt: null,
  }
  state.purchases.push(purchase)
  order.purchase = purchase
  setStatus(state, purchase, 'ONRAMP_TRANSACTION_STATUS_CREATED')
  return {
    move: (step, txHash) => setStatus(state, purchase, ...coinbaseMove(state, order, step, txHash)),
    deliver: () => state.treasury.pay({ network: order.network, asset: order.asset, to: order.address, amount, reference: purchase.transactionId }),
  }
}

function progressOf(order: CoinbaseOrder): { message: string; done: boolean } {
  const status = order.purchase?.status ?? 'ONRAMP_TRANSACTION_STATUS_CREATED'
  if (status !== 'ONRAMP_TRANSACTION_STATUS_FAILED') return { message: copy.progress[status], done: status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS' }
  return { message: order.declined ? copy.progress.declined : copy.progress.failed, done: true }
}

function createSessionToken(state: CoinbaseState, body: unknown): { token: string; channel_id: string } {
  const session = parseTokenBody(body)
  const token = randomBytes(32).toString('base64url')
  state.sessions.set(token, { ...session, expiresAt: state.now() + SESSION_TOKEN_TTL_MS, used: false })
  return { token, channel_id: '' }
}

/** The order a hosted page URL asks for, or the message that refuses it. The session token is spent on first load. */
function orderFromUrl(state: CoinbaseState, params: URLSearchParams): CoinbaseOrder | { refusal: string; status: number } {
  const session = state.sessions.get(params.get('sessionToken') ?? '')
  if (!session || session.used || session.expiresAt < state.now()) return { refusal: copy.invalidSession, status: 401 }
  session.used = true
  if (params.get('appId') !== state.projectId) return { refusal: copy.wrongApp, status: 400 }
  const networkName = params.get('defaultNetwork') ?? session.addresses[0]!.blockchains[0]!
  const address = session.addresses.find((entry) => entry.blockchains.includes(networkName))?.address
  if (!address) return { refusal: copy.noAddress, status: 400 }
  const network = state.options.networks[networkName]
  if (!network) return { refusal: copy.notLocal, status: 400 }
  const bought = coinbaseAsset(params.get('defaultAsset'), networkName)
  const allowed = !session.assets || session.assets.some((asset) => coinbaseAsset(asset, networkName)?.symbol === bought?.symbol)
  if (!bought || !allowed || assetUnavailable(network, bought.asset)) return { refusal: copy.notSold, status: 400 }
  const experience = params.get('defaultExperience') === 'send' || params.get('defaultPaymentMethod') === 'CRYPTO_ACCOUNT' ? 'send' : 'buy'
  return {
    networkName,
    network,
    address,
    ...bought,
    experience,
    partnerUserRef: params.get('partnerUserId') ?? '',
    endPartnerName: params.get('endPartnerName') ?? '',
  }
}

function openCheckout(
  state: CoinbaseState,
  checkouts: ReturnType<typeof createCardCheckouts<CoinbaseOrder>>,
  response: ServerResponse,
  params: URLSearchParams,
): void {
  const order = orderFromUrl(state, params)
  if ('refusal' in order) return sendMessagePage(response, order.status, copy.title, order.refusal)
  const send = order.experience === 'send'
  checkouts.show(response, order, {
    method: copy.methods[send ? 'CRYPTO_ACCOUNT' : 'CARD'],
    amount: params.get('presetCryptoAmount') ?? String(DEFAULT_PURCHASE[order.symbol] ?? 1),
    intro: send ? copy.sendIntro : copy.buyIntro,
  })
}

/** The Transaction Status API: the reference's purchases, newest first, `page_size` (default 1) at a time. */
function listTransactions(state: CoinbaseState, response: ServerResponse, partnerUserRef: string, params: URLSearchParams): void {
  const pageSize = Number(params.get('page_size') ?? params.get('pageSize') ?? 1)
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw grpcError(400, 3, 'page_size must be between 1 and 1000')
  const start = Number(params.get('page_key') ?? params.get('pageKey') ?? 0)
  if (!Number.isInteger(start) || start < 0) throw grpcError(400, 3, 'invalid page_key')
  const mine = state.purchases.filter((purchase) => purchase.partnerUserRef === partnerUserRef).reverse()
  const next = start + pageSize < mine.length ? String(start + pageSize) : ''
  sendJson(response, 200, {
    transactions: mine.slice(start, start + pageSize).map(statusApiTransaction),
    next_page_key: next,
    total_count: String(mine.length),
  })
}

function routes(state: CoinbaseState): Handler {
  const checkouts = createCardCheckouts<CoinbaseOrder>(
    copy.title,
    { runner: state.runner, forced: state.forced, open: (order, amount) => openPurchase(state, order, amount) },
    progressOf,
  )
  return async (request, response, url) => {
    if (request.method === 'POST' && url.pathname === '/onramp/v1/token') {
      await authorize(state, request, url)
      return sendJson(response, 200, createSessionToken(state, await readJson(request)))
    }
    const history = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(url.pathname)
    if (request.method === 'GET' && history) {
      await authorize(state, request, url)
      return listTransactions(state, response, decodeURIComponent(history[1]!), url.searchParams)
    }
    if (request.method === 'GET' && url.pathname === '/buy/select-asset') return openCheckout(state, checkouts, response, url.searchParams)
    const checkout = /^\/checkout\/([0-9a-f]{32})$/.exec(url.pathname)
    if (checkout) return checkouts.handle(request, response, checkout[1]!)
    throw grpcError(404, 5, 'Not Found')
  }
}

export async function startCoinbaseOnrampStandIn(options: CoinbaseOnrampStandInOptions): Promise<CoinbaseOnrampStandIn> {
  const state: CoinbaseState = {
    options,
    now: options.now ?? Date.now,
    key: generateCdpApiKey(options.keyType),
    projectId: randomUUID(),
    webhookSecret: randomBytes(32).toString('hex'),
    webhookUrl: options.webhookUrl ?? null,
    sessions: new Map(),
    purchases: [],
    runner: purchaseRunner(options.statusDelayMs ?? 300),
    forced: forcedOutcomes<CoinbaseForcedOutcome>(),
    webhooks: createWebhookSender(),
    treasury: await openTreasury(options.networks, { evmPrivateKey: options.treasuryKey ?? anvilAccountKey(7), solanaKeypair: options.solanaKeypair }),
  }
  const server = await startLocalServer(routes(state), options)
  return {
    url: server.url,
    apiUrl: `${server.url}/onramp`,
    projectId: state.projectId,
    apiKey: { name: state.key.name, secret: state.key.secret },
    webhookSecret: state.webhookSecret,
    treasury: { evmAddress: state.treasury.evmAddress, solanaAddress: state.treasury.solanaAddress },
    transactions: state.purchases,
    webhooks: state.webhooks.attempts,
    setWebhookUrl: (url) => {
      state.webhookUrl = url
    },
    forceNext: state.forced.force,
    async settled() {
      await state.runner.settled()
      await state.webhooks.settled()
    },
    close: server.close,
  }
}
