/**
 * A local stand-in for the Relay bridge API, speaking its documented protocol (`api_url`, `testnets_api_url`,
 * `explorer_url` and `testnets_explorer_url` all = `{url}`):
 * - `POST /quote/v3` (an API key in `x-api-key` or as a Bearer token, else 401 UNAUTHORIZED_QUOTE), and the retiring
 *   unkeyed `POST /quote` and `POST /quote/v2` that the funding spec names: a quote whose deposit step item is, on an EVM
 *   origin, `{ from, to: <the solver's deposit address>, value: <amount + fee>, chainId, data: <the request id> }`
 *   (or the USDC transfer with the id appended), and on Solana the instructions (a transfer to the solver's deposit
 *   account and a memo carrying the request id, data hex-encoded).
 * - The solver watches the origin chains for deposits (relay-deposits.ts) and really pays the recipient on the
 *   destination chain from its own account; `GET /intents/status/v3?requestId=` and the retiring
 *   `GET /requests/v2?hash=` move through waiting → pending → submitted → success, or refund (the deposit sent back
 *   on the origin chain to `refundTo`, else to its sender) or failure when a test forces it (or the deposit falls short).
 * - `GET /requests/v3?depositTxHash|hash|id|user&limit` (keyed): the requests, as the current Requests API lists them.
 * - `GET /transaction/{request id or hash}`: a plain explorer page.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { bytesToHex, type Address, type Hex } from 'viem'
import { PublicKey, SystemProgram, type Keypair, type TransactionInstruction } from '@solana/web3.js'
import { forcedOutcomes, purchaseRunner } from './checkout.js'
import { anvilAccountKey, evmBalance, transferCall } from './evm-payouts.js'
import { escapeHtml, readJson, sendJson, sendMessagePage, sendPage, startLocalServer, summaryList, type Handler } from './http.js'
import { isEvmNetwork } from './networks.js'
import { evmDepositWatcher, solanaDepositWatcher, type Deposit, type DepositWatcher } from './relay-deposits.js'
import { parseQuoteRequest, quoteResponse, relayError, type QuoteRequest, type RelayChains, type RelayLeg } from './relay-quotes.js'
import { associatedTokenAddress, memoInstruction, solanaBalance, solanaConnection, splTransferInstruction, tokenAccountOf } from './solana-payouts.js'
import { openTreasury, type Treasury } from './treasury.js'

export { RELAY_SOLANA_CHAIN_ID, RELAY_SOLANA_NATIVE, type RelayChains } from './relay-quotes.js'

export type RelayForcedOutcome = 'refund' | 'failure' | 'delayed'
export type RelayStatus = 'waiting' | 'pending' | 'submitted' | 'success' | 'delayed' | 'refund' | 'failure'
export interface RelayTx {
  hash: string
  chainId: number
  timestamp: number
}

export interface RelayRequest extends QuoteRequest {
  id: string
  status: RelayStatus
  fee: bigint
  inTxs: RelayTx[]
  outTxs: RelayTx[]
  sender?: string
  received?: bigint
  createdAt: number
  updatedAt: number
}

export interface RelayStandInOptions {
  /** Relay chain id → the local chain that plays it (Solana's is 792703809). */
  chains: RelayChains
  /** The solver's anvil account on every EVM chain (default: anvil's account 9). */
  solverKey?: Hex
  solanaKeypair?: Keypair
  /** The relayer fee in basis points of the input (default 50). */
  feeBps?: number
  /** How often the solver looks for deposits (default 200 ms). */
  pollMs?: number
  /** Time between status steps (default 300 ms). */
  statusDelayMs?: number
  host?: string
  port?: number
}

export interface RelayStandIn {
  /** The API and explorer host (`api_url`, `testnets_api_url`, `explorer_url`, `testnets_explorer_url`). */
  url: string
  /** The key `POST /quote/v3` requires (`api_key`). */
  apiKey: string
  solver: { evmAddress: string; solanaAddress: string }
  requests: readonly RelayRequest[]
  /** The next deposit ends this way. */
  forceNext(outcome: RelayForcedOutcome): void
  /** Resolves once the deposits seen so far are filled or refunded. */
  settled(): Promise<void>
  close(): Promise<void>
}

interface RelayState {
  options: RelayStandInOptions
  apiKey: string
  treasury: Treasury
  requests: RelayRequest[]
  watchers: Map<number, DepositWatcher>
  runner: ReturnType<typeof purchaseRunner>
  forced: ReturnType<typeof forcedOutcomes<RelayForcedOutcome>>
}

const RETIRING_HEADERS = { deprecation: '@1795564800', sunset: 'Tue, 23 Feb 2027 00:00:00 GMT' }
const copy = {
  explorerTitle: 'Relay explorer (local stand-in)',
  notFound: 'No request with this id or transaction hash.',
  rows: { request: 'Request', status: 'Status', from: 'From', to: 'To', deposit: 'Deposit', fill: 'Fill or refund' },
}

const instructionJson = (instruction: TransactionInstruction) => ({
  keys: instruction.keys.map(({ pubkey, isSigner, isWritable }) => ({ pubkey: pubkey.toBase58(), isSigner, isWritable })),
  programId: instruction.programId.toBase58(),
  data: Buffer.from(instruction.data).toString('hex'),
})

/** The deposit step item's data: the transaction (EVM) or the instructions (Solana) that pay the solver. */
async function depositData(state: RelayState, quote: QuoteRequest, requestId: Hex): Promise<unknown> {
  const { origin } = quote
  if (isEvmNetwork(origin.network)) {
    const call = transferCall({ network: origin.network, asset: origin.asset, to: state.treasury.evmAddress, amount: origin.amount }, requestId)
    return { from: quote.user, to: call.to, value: call.value.toString(), chainId: origin.chainId, data: call.data }
  }
  const user = new PublicKey(quote.user)
  const solver = new PublicKey(state.treasury.solanaAddress)
  const transfer =
    origin.asset === 'native'
      ? SystemProgram.transfer({ fromPubkey: user, toPubkey: solver, lamports: origin.amount })
      : splTransferInstruction(
          (await tokenAccountOf(solanaConnection(origin.network.rpcUrl), user, new PublicKey(origin.network.usdcMint!))).address,
          associatedTokenAddress(solver, new PublicKey(origin.network.usdcMint!)),
          user,
          origin.amount,
        )
  return { instructions: [transfer, memoInstruction(requestId)].map(instructionJson), addressLookupTableAddresses: [] }
}

const balanceOf = (leg: RelayLeg, owner: string) =>
  isEvmNetwork(leg.network) ? evmBalance(leg.network, leg.asset, owner as Address) : solanaBalance(leg.network, leg.asset, owner)

async function createQuote(state: RelayState, body: unknown, statusPath: string) {
  const quote = parseQuoteRequest(state.options.chains, body, BigInt(state.options.feeBps ?? 50))
  if ((await balanceOf(quote.origin, quote.user)) < quote.origin.amount) throw relayError(400, 'Insufficient balance', 'INSUFFICIENT_FUNDS')
  const id = bytesToHex(randomBytes(32))
  const data = await depositData(state, quote, id)
  state.requests.push({ ...quote, id, status: 'waiting', inTxs: [], outTxs: [], createdAt: Date.now(), updatedAt: Date.now() })
  return quoteResponse(quote, id, data, statusPath)
}

function setStatus(request: RelayRequest, status: RelayStatus): void {
  request.status = status
  request.updatedAt = Date.now()
}

/** Sends the deposit back on the origin chain, to the quote's `refundTo` or else the deposit's sender. */
async function refund(state: RelayState, request: RelayRequest): Promise<void> {
  try {
    const to = request.refundTo ?? request.sender!
    const hash = await state.treasury.pay({
      network: request.origin.network,
      asset: request.origin.asset,
      to,
      amount: request.received!,
      reference: request.id,
    })
    request.outTxs.push({ hash, chainId: request.origin.chainId, timestamp: Math.floor(Date.now() / 1000) })
    setStatus(request, 'refund')
  } catch {
    setStatus(request, 'failure')
  }
}

/** Pending → (delayed) → submitted → the real payout on the destination chain → success; or a refund or failure. */
async function fill(state: RelayState, request: RelayRequest, outcome: RelayForcedOutcome | undefined): Promise<void> {
  await state.runner.pause()
  if (outcome === 'failure') return setStatus(request, 'failure')
  if (outcome === 'refund' || request.received! < request.origin.amount) return refund(state, request)
  if (outcome === 'delayed') {
    setStatus(request, 'delayed')
    for (let step = 0; step < 3; step++) await state.runner.pause()
  }
  setStatus(request, 'submitted')
  try {
    const { destination } = request
    const hash = await state.treasury.pay({
      network: destination.network,
      asset: destination.asset,
      to: request.recipient,
      amount: destination.amount,
      reference: request.id,
    })
    request.outTxs.push({ hash, chainId: destination.chainId, timestamp: Math.floor(Date.now() / 1000) })
    setStatus(request, 'success')
  } catch {
    await refund(state, request)
  }
}

function acceptDeposit(state: RelayState, deposit: Deposit): void {
  const request = state.requests.find((candidate) => candidate.id === deposit.requestId && candidate.status === 'waiting')
  if (!request || request.origin.chainId !== deposit.chainId || request.origin.asset !== deposit.asset) return
  request.inTxs.push({ hash: deposit.txHash, chainId: deposit.chainId, timestamp: deposit.timestamp })
  Object.assign(request, { sender: deposit.from, received: deposit.amount })
  setStatus(request, 'pending')
  const outcome = state.forced.take()
  state.runner.start(() => fill(state, request, outcome))
}

/** One look at every origin chain where a request waits for its deposit. */
async function watchOnce(state: RelayState): Promise<void> {
  for (const [chainId, watcher] of state.watchers) {
    const waiting = state.requests.some((request) => request.status === 'waiting' && request.origin.chainId === chainId)
    if (!waiting) await watcher.skipToNow()
    else for (const deposit of await watcher.poll()) acceptDeposit(state, deposit)
  }
}

const findRequest = (state: RelayState, idOrHash: string) =>
  state.requests.find(
    (request) =>
      request.id === idOrHash.toLowerCase() || [...request.inTxs, ...request.outTxs].some((tx) => tx.hash === idOrHash || tx.hash === idOrHash.toLowerCase()),
  )

const statusV3 = (request: RelayRequest) => ({
  status: request.status,
  inTxHashes: request.inTxs.map((tx) => tx.hash),
  txHashes: request.outTxs.map((tx) => tx.hash),
  updatedAt: request.updatedAt,
  originChainId: request.origin.chainId,
  destinationChainId: request.destination.chainId,
})

/** `GET /requests/v3` (keyed): by `depositTxHash`, any `hash`, `id` or `user`, newest first. */
function listRequestsV3(state: RelayState, params: URLSearchParams) {
  const limit = Number(params.get('limit') ?? 20)
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw relayError(400, 'limit must be between 1 and 50', 'INVALID_REQUEST')
  const [deposit, hash, id, user] = ['depositTxHash', 'hash', 'id', 'user'].map((name) => params.get(name))
  const matches = state.requests.filter(
    (request) =>
      (!deposit || request.inTxs.some((tx) => tx.hash.toLowerCase() === deposit.toLowerCase())) &&
      (!hash || findRequest(state, hash) === request) &&
      (!id || request.id === id.toLowerCase()) &&
      (!user || request.user.toLowerCase() === user.toLowerCase()),
  )
  const txV3 = (tx: RelayTx) => ({ txHash: tx.hash, chainId: tx.chainId, timestamp: tx.timestamp, status: 'success' })
  return {
    requests: [...matches]
      .reverse()
      .slice(0, limit)
      .map((request) => ({
        id: request.id,
        status: request.status,
        user: request.user,
        recipient: request.recipient,
        sender: request.sender ?? null,
        createdAt: new Date(request.createdAt).toISOString(),
        updatedAt: new Date(request.updatedAt).toISOString(),
        data: { inTxs: request.inTxs.map(txV3), outTxs: request.outTxs.map(txV3) },
      })),
    continuation: null,
  }
}

const requestV2 = (request: RelayRequest) => ({
  id: request.id,
  status: request.status,
  user: request.user,
  recipient: request.recipient,
  data: {
    fees: { relayer: request.fee.toString() },
    inTxs: request.inTxs,
    outTxs: request.outTxs,
    currency: request.destination.symbol.toLowerCase(),
    currencyIn: request.origin.currency,
    currencyOut: request.destination.currency,
  },
  createdAt: new Date(request.createdAt).toISOString(),
  updatedAt: new Date(request.updatedAt).toISOString(),
})

function explorerPage(state: RelayState, response: ServerResponse, idOrHash: string): void {
  const request = findRequest(state, idOrHash)
  if (!request) return sendMessagePage(response, 404, copy.explorerTitle, copy.notFound)
  const chain = (leg: RelayLeg, address: string) => `${leg.amount} ${leg.symbol} on chain ${leg.chainId}, ${address}`
  sendPage(
    response,
    200,
    copy.explorerTitle,
    `<p role="status">${escapeHtml(request.status)}</p>${summaryList([
      [copy.rows.request, request.id],
      [copy.rows.status, request.status],
      [copy.rows.from, chain(request.origin, request.user)],
      [copy.rows.to, chain(request.destination, request.recipient)],
      [copy.rows.deposit, request.inTxs.map((tx) => tx.hash).join(', ')],
      [copy.rows.fill, request.outTxs.map((tx) => tx.hash).join(', ')],
    ])}`,
  )
}

function requireApiKey(state: RelayState, request: IncomingMessage, required: boolean): void {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
  const given = (request.headers['x-api-key'] as string | undefined) ?? bearer
  if ((required || given !== undefined) && given !== state.apiKey) throw relayError(401, 'Unauthorized: a valid API key is required', 'UNAUTHORIZED_QUOTE')
}

function routes(state: RelayState): Handler {
  return async (request, response, url) => {
    const { pathname, searchParams } = url
    if (request.method === 'POST' && pathname === '/quote/v3') {
      requireApiKey(state, request, true)
      return sendJson(response, 200, await createQuote(state, await readJson(request), '/intents/status/v3'))
    }
    if (request.method === 'POST' && (pathname === '/quote' || pathname === '/quote/v2')) {
      return sendJson(response, 200, await createQuote(state, await readJson(request), '/intents/status'), RETIRING_HEADERS)
    }
    if (request.method === 'GET' && (pathname === '/intents/status/v3' || pathname === '/intents/status')) {
      requireApiKey(state, request, false)
      const found = findRequest(state, searchParams.get('requestId') ?? '')
      if (!found) throw relayError(404, 'Request not found', 'REQUEST_NOT_FOUND')
      return sendJson(response, 200, statusV3(found))
    }
    if (request.method === 'GET' && pathname === '/requests/v3') {
      requireApiKey(state, request, true)
      return sendJson(response, 200, listRequestsV3(state, searchParams))
    }
    if (request.method === 'GET' && pathname === '/requests/v2') {
      const found = findRequest(state, searchParams.get('hash') ?? searchParams.get('id') ?? '')
      return sendJson(response, 200, { requests: found ? [requestV2(found)] : [], continuation: null }, RETIRING_HEADERS)
    }
    const explorer = /^\/transaction\/([^/]+)$/.exec(pathname)
    if (request.method === 'GET' && explorer) return explorerPage(state, response, decodeURIComponent(explorer[1]!))
    throw relayError(404, 'Route not found', 'NOT_FOUND')
  }
}

/** Looks for deposits every `pollMs`, one look at a time (a slow chain read never overlaps the next). */
function watchLoop(state: RelayState, pollMs: number) {
  let current: Promise<void> | null = null
  let waiters: (() => void)[] = []
  const timer = setInterval(() => {
    if (current) return
    const passWaiters = waiters
    waiters = []
    current = watchOnce(state)
      .catch(() => undefined)
      .finally(() => {
        current = null
        for (const resolve of passWaiters) resolve()
      })
  }, pollMs)
  return {
    /** Resolves when a look that starts after this call has ended. */
    nextPass: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async stop() {
      clearInterval(timer)
      await current
      for (const resolve of waiters) resolve()
    },
  }
}

function depositWatchers(chains: RelayChains, treasury: Treasury): Map<number, DepositWatcher> {
  return new Map(
    Object.entries(chains).map(([id, network]) => [
      Number(id),
      isEvmNetwork(network) ? evmDepositWatcher(Number(id), network, treasury.evmAddress) : solanaDepositWatcher(Number(id), network, treasury.solanaAddress),
    ]),
  )
}

export async function startRelayStandIn(options: RelayStandInOptions): Promise<RelayStandIn> {
  const networks = Object.fromEntries(Object.entries(options.chains))
  const treasury = await openTreasury(networks, { evmPrivateKey: options.solverKey ?? anvilAccountKey(9), solanaKeypair: options.solanaKeypair })
  const state: RelayState = {
    options,
    apiKey: `relay_${randomBytes(24).toString('hex')}`,
    treasury,
    requests: [],
    watchers: depositWatchers(options.chains, treasury),
    runner: purchaseRunner(options.statusDelayMs ?? 300),
    forced: forcedOutcomes<RelayForcedOutcome>(),
  }
  for (const watcher of state.watchers.values()) await watcher.skipToNow()
  const watch = watchLoop(state, options.pollMs ?? 200)
  const server = await startLocalServer(routes(state), options)
  return {
    url: server.url,
    apiKey: state.apiKey,
    solver: { evmAddress: treasury.evmAddress, solanaAddress: treasury.solanaAddress },
    requests: state.requests,
    forceNext: state.forced.force,
    async settled() {
      await watch.nextPass()
      await state.runner.settled()
    },
    async close() {
      await watch.stop()
      await server.close()
    },
  }
}
