/**
 * Test-only `client.funding` double (never shipped): sessions built from the core's contract (src/core/funding/
 * types.ts) in the core's state shape (`sessions` in arrival order, a new array and a new session object per change),
 * each action recorded in `calls` and moving the session the way the core does, so the screens can be driven in
 * Chromium without the network. `fundWallet` settles when its session finishes or exits; tests move everything else
 * (card and transfer statuses, balances, errors) with `update`. `mountTransactionView` renders the confirmations
 * standalone, as `<confirm-tx>` does, and `qrModules` says what the receive screen's QR code must show.
 */
import { createElement, Suspense } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type {
  AssetAmount,
  CardProvider,
  Chain,
  FundingApi,
  FundingOutcome,
  FundingSession,
  FundingSessionOptions,
  FundingState,
  FundingTransferState,
  FundingWalletEntry,
  FundWalletInput,
  TesseraClient,
} from '../../src/core/index.js'
import { TesseraError } from '../../src/core/index.js'
import { TransactionView } from '../../src/ui/screens/transactions/transaction-view.js'
// The core's own observable value: the double's state behaves like the real client's.
import { createStore } from '../../src/core/utils/store.js'

type ActionName =
  | 'back'
  | 'exit'
  | 'finish'
  | 'payWithCard'
  | 'transferFromExchange'
  | 'transferFromWallet'
  | 'receiveFunds'
  | 'chooseWallet'
  | 'setAmount'
  | 'continueWithAmount'
  | 'chooseSourceChain'
  | 'confirmTransfer'
  | 'retry'
/** What a session holds besides its actions: what `open` and `update` set. */
export type FundingSessionData = Omit<FundingSession, ActionName>

export interface FundingCall {
  id: string
  action: ActionName | 'fundWallet'
  value?: unknown
}

export interface FundingScript {
  /** What every new session starts from, over the defaults (Base Sepolia ETH, '0.05', every method offered). */
  session?: Partial<FundingSessionData>
  /** 'Continue' on the amount step goes to 'Transfer from another network' (a bridged transfer). */
  bridged?: boolean
  /** USD per whole unit of the asset for `amountUsd`; null: no price known. Default 3000. */
  usdPrice?: number | null
  /** `fundWallet` refuses with this (as the core does without funding, or for a chain it does not fund). */
  refuse?: TesseraError
}

export interface FakeFunding extends FundingApi {
  calls: FundingCall[]
  /** How each session ended, by id. */
  outcomes: Map<string, FundingOutcome>
  /** Puts a session in the state, as `fundWallet` does, without a caller waiting for it. */
  open(data?: Partial<FundingSessionData>): FundingSession
  update(id: string, patch: Partial<FundingSessionData>): void
  get(id: string): FundingSession | undefined
  sessions(): FundingSession[]
}

export const fundingAddress = `0x${'ab'.repeat(20)}`
export const fundingSolanaAddress = 'So1anaFixtureAddress1111111111111111111111'

/** The external wallet the default 'MetaMask' entry pays from. */
export const payingAddress = `0x${'cd'.repeat(20)}`

export const baseSepolia: Chain = {
  id: 84532,
  name: 'Base Sepolia',
  network: 'base-sepolia',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:9',
  blockExplorerUrl: null,
  testnet: true,
}

export const ethAmount = (value: bigint, usd: number | null = null): AssetAmount => ({ value, decimals: 18, symbol: 'ETH', usd })
export const solAmount = (value: bigint, usd: number | null = null): AssetAmount => ({ value, decimals: 9, symbol: 'SOL', usd })

export function walletEntry(name: string, overrides: Partial<FundingWalletEntry> = {}): FundingWalletEntry {
  return { id: name.toLowerCase().replace(/\W+/g, '-'), name, icon: null, chain: 'ethereum', connected: false, address: null, ...overrides }
}

/** Every session starts here: an Ethereum wallet on Base Sepolia, 0.05 ETH, every method, two wallets to pay from. */
function defaultSession(): FundingSessionData {
  return {
    id: '',
    address: fundingAddress,
    chainType: 'ethereum',
    chain: baseSepolia,
    cluster: null,
    asset: { kind: 'native', symbol: 'ETH', decimals: 18, address: null },
    amount: '0.05',
    amountValid: true,
    amountUsd: '150.00',
    balance: null,
    balanceRose: false,
    walletName: 'Fixture App',
    appName: 'Fixture App',
    uiConfig: {},
    options: { card: ['coinbase', 'moonpay'], exchange: true, wallet: true },
    step: 'landing',
    errorMessage: null,
    showAlternateProvider: false,
    card: null,
    wallets: [
      walletEntry('MetaMask', { id: `connected:${payingAddress}`, connected: true, address: payingAddress }),
      walletEntry('Phantom', { chain: 'solana' }),
    ],
    sourceChains: [],
    transfer: null,
    fundingMethod: null,
  }
}

/** The session data a Solana wallet starts from (devnet, SOL). */
function solanaSession(address: string): Partial<FundingSessionData> {
  return {
    address,
    chainType: 'solana',
    chain: null,
    cluster: { name: 'devnet', rpcUrl: 'http://127.0.0.1:9' },
    asset: { kind: 'native', symbol: 'SOL', decimals: 9, address: null },
    amountUsd: null,
  }
}

/** A decimal amount in the asset's smallest units. */
function toUnits(amount: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = amount.split('.')
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0')
}

/** As the core formats `amountUsd`: 2 decimals, '<0.01' when smaller. */
function usdOf(amount: string, price: number | null): string | null {
  if (price === null || !(Number(amount) > 0)) return price === null ? null : '0.00'
  const usd = Number(amount) * price
  return usd < 0.01 ? '<0.01' : usd.toFixed(2)
}

/** Where `back()` goes from each step (the landing's back leaves the session). */
const backFrom: Record<Exclude<FundingSession['step'], 'landing'>, FundingSession['step']> = {
  receive: 'landing',
  wallets: 'landing',
  'card-status': 'landing',
  amount: 'wallets',
  'bridge-source': 'amount',
  transfer: 'amount',
}

/** The sessions' state and what their actions share: one session's action reads and moves it by id. */
interface SessionDeps {
  script: FundingScript
  calls: FundingCall[]
  get(id: string): FundingSession | undefined
  update(id: string, patch: Partial<FundingSessionData>): void
  /** Ends the session with its outcome; the `fundWallet` caller gets it. */
  settle(id: string, status: FundingOutcome['status']): void
}

/** One session's action helpers: the record of the call, the session now, a move. */
function sessionTools(id: string, deps: SessionDeps) {
  return {
    record: (action: ActionName, value?: unknown) => void deps.calls.push(value === undefined ? { id, action } : { id, action, value }),
    current: () => deps.get(id)!,
    go: (patch: Partial<FundingSessionData>) => deps.update(id, patch),
  }
}

/** The transfer from the wallet chosen on 'Transfer from wallet', as the core prepares it. */
function transferFrom(calls: FundingCall[], session: FundingSession, patch: Partial<FundingTransferState>): FundingTransferState {
  const chosen = [...calls].reverse().find((call) => call.id === session.id && call.action === 'chooseWallet')
  const entry = session.wallets.find((wallet) => wallet.id === chosen?.value) ?? session.wallets[0]
  const from = {
    address: entry?.address ?? payingAddress,
    name: entry?.name ?? 'Wallet',
    chain: entry?.chain ?? 'ethereum',
    chainId: session.chain?.id ?? null,
  }
  return { status: 'preparing', from, bridged: false, summary: null, hash: null, error: null, refundUrl: null, ...session.transfer, ...patch }
}

/** Leaving, finishing and choosing a method, as the core moves the session. */
function methodActions(
  id: string,
  deps: SessionDeps,
): Pick<FundingSession, 'back' | 'exit' | 'finish' | 'payWithCard' | 'transferFromExchange' | 'transferFromWallet' | 'receiveFunds' | 'chooseWallet'> {
  const { record, current, go } = sessionTools(id, deps)
  const recorded = (action: ActionName, patch: Partial<FundingSessionData>) => () => {
    record(action)
    go(patch)
  }
  return {
    back() {
      record('back')
      const { step, options, card } = current()
      if (step === 'landing') return deps.settle(id, 'exited')
      go({ step: backFrom[step], ...(step === 'card-status' ? { showAlternateProvider: card !== null && options.card.length > 1 } : {}) })
    },
    exit() {
      record('exit')
      deps.settle(id, 'exited')
    },
    finish() {
      record('finish')
      deps.settle(id, 'funded')
    },
    payWithCard(provider?: CardProvider) {
      record('payWithCard', provider)
      const chosen = provider ?? current().options.card[0] ?? 'coinbase'
      go({
        step: 'card-status',
        fundingMethod: 'card',
        card: chosen === 'coinbase' ? { provider: 'coinbase', experience: 'buy', status: 'pending-in-flow' } : { provider: 'moonpay', status: 'pending' },
      })
    },
    transferFromExchange: recorded('transferFromExchange', {
      step: 'card-status',
      fundingMethod: 'exchange',
      card: { provider: 'coinbase', experience: 'send', status: 'pending-in-flow' },
    }),
    transferFromWallet: recorded('transferFromWallet', { step: 'wallets', fundingMethod: 'wallet' }),
    receiveFunds: recorded('receiveFunds', { step: 'receive', fundingMethod: 'manual' }),
    chooseWallet(entryId: string) {
      record('chooseWallet', entryId)
      go({ step: 'amount' })
    },
  }
}

/** The amount and the transfer from an external wallet, as the core moves them (tests move the statuses on). */
function transferActions(
  id: string,
  deps: SessionDeps,
): Pick<FundingSession, 'setAmount' | 'continueWithAmount' | 'chooseSourceChain' | 'confirmTransfer' | 'retry'> {
  const { record, current, go } = sessionTools(id, deps)
  const transfer = (patch: Partial<FundingTransferState>) => transferFrom(deps.calls, current(), patch)
  const price = deps.script.usdPrice === undefined ? 3000 : deps.script.usdPrice
  return {
    setAmount(value: string) {
      record('setAmount', value)
      // As the core: digits and at most one point; anything else leaves the amount as it was.
      if (!/^\d*\.?\d*$/.test(value)) return
      go({ amount: value, amountValid: Number(value) > 0, amountUsd: usdOf(value, price) })
    },
    continueWithAmount() {
      record('continueWithAmount')
      const session = current()
      if (!session.amountValid) return
      if (deps.script.bridged) return go({ step: 'bridge-source', transfer: transfer({ bridged: true }) })
      const asset = session.asset ?? { symbol: 'ETH', decimals: 18 }
      const summary = {
        total: { value: toUnits(session.amount, asset.decimals), decimals: asset.decimals, symbol: asset.symbol, usd: null },
        to: session.address,
        network: session.chain?.name ?? 'Solana Devnet',
        estimatedFee: null,
      }
      go({ step: 'transfer', transfer: transfer({ status: 'confirm', summary }) })
    },
    chooseSourceChain(chainId: number) {
      record('chooseSourceChain', chainId)
      go({ transfer: transfer({ status: 'preparing', from: { ...transfer({}).from, chainId } }) })
    },
    confirmTransfer() {
      record('confirmTransfer')
      go({ step: 'transfer', transfer: transfer({ status: 'submitting' }) })
    },
    retry() {
      record('retry')
      const { transfer: failed } = current()
      // Funding spec, "The error catalogue": an insufficient balance goes back to 'Transfer from wallet'; anything else tries again.
      if (failed?.error?.code === 'insufficient_balance') return go({ step: 'wallets', transfer: null })
      go({ transfer: failed && { ...failed, status: 'preparing', error: null, refundUrl: null } })
    },
  }
}

export function createFakeFunding(script: FundingScript = {}): FakeFunding {
  const state = createStore<FundingState>({ sessions: [] })
  const calls: FundingCall[] = []
  const outcomes = new Map<string, FundingOutcome>()
  const waiting = new Map<string, (outcome: FundingOutcome) => void>()
  let sequence = 0

  const get = (id: string) => state.get().sessions.find((session) => session.id === id)
  const update = (id: string, patch: Partial<FundingSessionData>) =>
    state.set({ sessions: state.get().sessions.map((session) => (session.id === id ? { ...session, ...patch } : session)) })
  const settle = (id: string, status: FundingOutcome['status']) => {
    const session = get(id)
    if (!session) return
    const { address, chainType, chain, cluster, fundingMethod, balance } = session
    const outcome: FundingOutcome = { status, address, chainType, fundingMethod, balance, ...(chain ? { chain } : {}), ...(cluster ? { cluster } : {}) }
    outcomes.set(id, outcome)
    state.set({ sessions: state.get().sessions.filter((candidate) => candidate.id !== id) })
    waiting.get(id)?.(outcome)
    waiting.delete(id)
  }
  const deps: SessionDeps = { script, calls, get, update, settle }

  function open(data: Partial<FundingSessionData> = {}): FundingSession {
    const id = data.id || `funding-${++sequence}`
    const session: FundingSession = { ...defaultSession(), ...script.session, ...data, id, ...methodActions(id, deps), ...transferActions(id, deps) }
    state.set({ sessions: [...state.get().sessions, session] })
    return session
  }

  function fundWallet(input: FundWalletInput, options: FundingSessionOptions = {}): Promise<FundingOutcome> {
    const id = options.id ?? `funding-${++sequence}`
    calls.push({ id, action: 'fundWallet', value: { input, options } })
    if (script.refuse) return Promise.reject(script.refuse)
    const chainData = input.chainType === 'solana' ? solanaSession(input.address) : { address: input.address }
    const optionsData = { ...(options.inline ? { inline: true } : {}), ...(options.forConfirmation ? { forConfirmation: options.forConfirmation } : {}) }
    return new Promise((resolve) => {
      waiting.set(id, resolve)
      open({ ...chainData, ...optionsData, ...(input.amount ? { amount: input.amount } : {}), ...(input.uiConfig ? { uiConfig: input.uiConfig } : {}), id })
    })
  }

  return { calls, outcomes, open, update, get, sessions: () => state.get().sessions, getState: state.get, watchState: state.watch, fundWallet }
}

/** The confirmation `inlineId` names, shown standalone (as in `<confirm-tx>`) in a fresh shadow root of `host`. */
export function mountTransactionView(host: HTMLElement, client: TesseraClient, inlineId: string): { root: Root; shadow: ShadowRoot } {
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  root.render(createElement(Suspense, { fallback: null }, createElement(TransactionView, { client, standalone: true, inlineId })))
  return { root, shadow }
}

export { qrModules } from './qr-modules.js'

export { TesseraError }
