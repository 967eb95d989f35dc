/**
 * One funding session (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): its state in `client.funding`'s store, replaced on every change so that
 * watchers re-render, and its actions. Each step's timers (status polls, balance reads, the wallet list's
 * subscriptions) stop when the session leaves that step; the session's promise settles with its outcome when it ends.
 */
import { tokenDetailsError } from '../errors/funding-errors.js'
import type { Store } from '../utils/store.js'
import { amountInUsd, isAmountInput, isPositiveAmount } from './amount.js'
import { readBalance } from './balances.js'
import { startCoinbase } from './card/coinbase-onramp.js'
import { startMoonpay } from './card/moonpay-onramp.js'
import { amountOf, receiveFunds } from './receive.js'
import type { ResolvedFunding } from './resolve-funding.js'
import { fundingTiming, type FundingDeps, type SessionContext, type SessionFields } from './session-context.js'
import { readTokenInfo } from './token-info.js'
import { chooseSourceChain, confirmTransfer, continueWithAmount, retryTransfer } from './transfer/transfer-step.js'
import type { CardProvider, FundingOutcome, FundingSession, FundingState } from './types.js'
import { chooseWallet, transferFromWallet } from './wallet-step.js'

/** The amount typed on 'Transfer from another network' asks a new quote once typing pauses. */
export const REQUOTE_DELAY_MS = 400

export interface SessionIdentity {
  id: string
  inline?: boolean
  forConfirmation?: string
  walletName: string
  appName: string
}

export interface StartedSession {
  outcome: Promise<FundingOutcome>
  /** Ends it as the user leaving (logout, the client's end). */
  exit(): void
  /** Fires the default method, loads the token details and the price: once the session is shown. */
  begin(): void
}

export function startFundingSession(deps: FundingDeps, resolved: ResolvedFunding, identity: SessionIdentity, store: Store<FundingState>): StartedSession {
  const { id } = identity
  let resolveOutcome!: (outcome: FundingOutcome) => void
  const outcome = new Promise<FundingOutcome>((resolve) => (resolveOutcome = resolve))
  let alive = true
  let funded = false
  let entry = 0
  const stops: (() => void)[] = []
  const stopAll = () => stops.splice(0).forEach((stop) => stop())
  const replace = (change: (sessions: FundingSession[]) => FundingSession[]) => store.update((state) => ({ sessions: change(state.sessions) }))

  const ctx: SessionContext = {
    deps,
    resolved,
    timing: { ...fundingTiming, ...deps.timing },
    get: () => store.get().sessions.find((session) => session.id === id) ?? initial,
    update: (patch) => void (alive && replace((sessions) => sessions.map((session) => (session.id === id ? { ...session, ...patch } : session)))),
    enter(step, patch) {
      stopAll()
      const mine = ++entry
      ctx.update({ ...patch, step })
      return () => alive && entry === mine
    },
    stillHere() {
      const mine = entry
      return () => alive && entry === mine
    },
    onLeave: (stop) => void (alive ? stops.push(stop) : stop()),
    funded: () => void (funded = true),
    end(status) {
      if (!alive) return
      const last = ctx.get()
      alive = false
      stopAll()
      replace((sessions) => sessions.filter((session) => session.id !== id))
      void outcomeOf(ctx, last, status).then(resolveOutcome)
    },
    price: null,
    payer: null,
    plan: null,
  }
  const initial: FundingSession = { ...initialFields(resolved, identity), ...sessionActions(ctx, { alive: () => alive, funded: () => funded }) }
  replace((sessions) => [...sessions, initial])
  return { outcome, exit: () => ctx.end('exited'), begin: () => void begin(ctx) }
}

function initialFields(resolved: ResolvedFunding, identity: SessionIdentity): SessionFields {
  const { place, asset } = resolved
  return {
    id: identity.id,
    ...(identity.inline && { inline: true }),
    ...(identity.forConfirmation && { forConfirmation: identity.forConfirmation }),
    address: resolved.address,
    chainType: place.chainType,
    chain: place.chainType === 'ethereum' ? place.chain : null,
    cluster: place.chainType === 'solana' ? { name: place.cluster.name, rpcUrl: place.cluster.rpcUrl } : null,
    asset: asset.symbol === null ? null : asset,
    amount: resolved.amount,
    amountValid: isPositiveAmount(resolved.amount),
    amountUsd: null,
    balance: null,
    balanceRose: false,
    walletName: identity.walletName,
    appName: identity.appName,
    uiConfig: resolved.uiConfig,
    options: resolved.offered,
    step: 'landing',
    errorMessage: null,
    showAlternateProvider: false,
    card: null,
    wallets: [],
    sourceChains: [],
    transfer: null,
    fundingMethod: null,
  }
}

/** The actions do nothing once the session ended. */
function sessionActions(ctx: SessionContext, session: { alive(): boolean; funded(): boolean }): Omit<FundingSession, keyof SessionFields> {
  const act =
    <A extends unknown[]>(action: (...args: A) => void) =>
    (...args: A) =>
      void (session.alive() && action(...args))
  return {
    back: act(() => back(ctx)),
    exit: act(() => ctx.end('exited')),
    finish: act(() => ctx.end(session.funded() ? 'funded' : 'exited')),
    payWithCard: act((provider?: CardProvider) => payWithCard(ctx, provider)),
    transferFromExchange: act(() => startCoinbase(ctx, 'send')),
    transferFromWallet: act(() => transferFromWallet(ctx)),
    receiveFunds: act(() => receiveFunds(ctx)),
    chooseWallet: act((entryId: string) => chooseWallet(ctx, entryId)),
    setAmount: act((value: string) => setAmount(ctx, value)),
    continueWithAmount: act(() => continueWithAmount(ctx)),
    chooseSourceChain: act((chainId: number) => chooseSourceChain(ctx, chainId)),
    confirmTransfer: act(() => confirmTransfer(ctx)),
    retry: act(() => retryTransfer(ctx)),
  }
}

/** The first offered provider unless one is named; `quiet`: a default method gives up silently when the window is blocked. */
function payWithCard(ctx: SessionContext, provider: CardProvider | undefined, quiet = false): void {
  const chosen = provider ?? ctx.get().options.card[0] ?? 'coinbase'
  return chosen === 'moonpay' ? startMoonpay(ctx, quiet) : startCoinbase(ctx, 'buy', quiet)
}

function setAmount(ctx: SessionContext, value: string): void {
  if (typeof value !== 'string' || !isAmountInput(value)) return
  const valid = isPositiveAmount(value)
  ctx.update({ amount: value, amountValid: valid, amountUsd: amountInUsd(value, ctx.price) })
  const { step, transfer } = ctx.get()
  if (step !== 'bridge-source' || !valid || transfer?.from.chainId == null) return
  const chainId = transfer.from.chainId
  const timer = setTimeout(() => chooseSourceChain(ctx, chainId), REQUOTE_DELAY_MS)
  ctx.onLeave(() => clearTimeout(timer))
}

/** Back to the landing or the previous step; the landing's back leaves; a transfer on its way cannot be left. */
function back(ctx: SessionContext): void {
  const { step, transfer } = ctx.get()
  if (step === 'landing') return ctx.end('exited')
  if (step === 'amount') return transferFromWallet(ctx)
  if (step === 'bridge-source') return void ctx.enter('amount', { transfer: null })
  if (step !== 'transfer') return void ctx.enter('landing', { transfer: null })
  if (transfer?.status === 'success') return ctx.end('funded')
  if (transfer?.status !== 'submitting' && transfer?.status !== 'bridging') ctx.enter('amount', { transfer: null })
}

/** Once shown: the token details and the USD price load, then the default method fires (funding spec, "Screens and routes"). */
async function begin(ctx: SessionContext): Promise<void> {
  void loadPrice(ctx)
  const { asset } = ctx.resolved
  if (asset.symbol === null && ctx.resolved.place.chainType === 'ethereum') {
    try {
      const info = await readTokenInfo(ctx.resolved.place.chain, asset.address, ctx.deps.fetch)
      ctx.update({ asset: { kind: 'erc20', address: asset.address, ...info } })
    } catch (error) {
      return ctx.update({ errorMessage: tokenDetailsError(error).shortMessage })
    }
  }
  fireDefaultMethod(ctx)
}

function fireDefaultMethod(ctx: SessionContext): void {
  const method = ctx.resolved.defaultMethod
  if (method === 'card') payWithCard(ctx, undefined, true)
  if (method === 'exchange' && ctx.get().options.exchange) startCoinbase(ctx, 'send', true)
  if (method === 'wallet' && ctx.get().options.wallet) transferFromWallet(ctx)
  if (method === 'manual') receiveFunds(ctx)
}

/** The USD price of the native currency or USDC (SOL by chain id 0); failures are logged and swallowed (funding spec, "The error catalogue"). */
async function loadPrice(ctx: SessionContext): Promise<void> {
  const { place, asset } = ctx.resolved
  if (asset.kind === 'erc20') return
  const chainId = place.chainType === 'ethereum' ? place.chain.id : 0
  try {
    ctx.price = await ctx.deps.api.tokenPriceUsd(chainId, asset.symbol)
    ctx.update({ amountUsd: amountInUsd(ctx.get().amount, ctx.price) })
  } catch (error) {
    console.warn(
      place.chainType === 'solana' && asset.kind === 'native'
        ? '[tessera] Unable to fetch SOL price'
        : `[tessera] Unable to fetch token price on chain id ${chainId}`,
      error,
    )
  }
}

async function outcomeOf(ctx: SessionContext, last: FundingSession, status: FundingOutcome['status']): Promise<FundingOutcome> {
  const { place, address } = ctx.resolved
  const balance = last.asset
    ? await readBalance(place, last.asset, address, ctx.deps.fetch).then(
        (value) => amountOf(value, last.asset!, ctx.price),
        () => null,
      )
    : null
  return {
    status,
    address,
    chainType: place.chainType,
    ...(place.chainType === 'ethereum' ? { chain: place.chain } : { cluster: { name: place.cluster.name, rpcUrl: place.cluster.rpcUrl } }),
    fundingMethod: last.fundingMethod,
    balance,
  }
}
