/**
 * What a funding session's steps share: the client's parts they use (`FundingDeps`), the resolved request, and the
 * session's own handle (`SessionContext`): its state, its steps (each step's timers stop when it is left) and the
 * paying wallet. The constants are those of the funding spec, "States and transitions" and "Business constants and limits".
 */
import type {
  BridgeQuoteBody,
  BridgeQuoteResponse,
  BridgeStatusResponse,
  CoinbaseOnRampInitBody,
  CoinbaseOnRampInitResponse,
  CoinbaseOnRampStatusResponse,
  MoonpayOnRampSignBody,
  MoonpayOnRampSignResponse,
} from '../../protocol/funding.js'
import type { PopupWindow } from '../auth/oauth/browser-window.js'
import type { EffectiveConfig } from '../config/types.js'
import { SUCCESS_DISPLAY_MS } from '../transactions/confirmation-queue.js'
import type { ConnectedEthereumWallet, ConnectedSolanaWallet, WalletsApi } from '../wallets/types.js'
import type { ResolvedFunding } from './resolve-funding.js'
import type { FundingSession, FundingStep } from './types.js'

export const fundingTiming = {
  /** The first card provider's status: every 1.5 s, from 5 s after the popup opened; back to the landing after 3 closed sightings. */
  coinbasePollStartMs: 5_000,
  coinbasePollMs: 1_500,
  popupClosedLimit: 3,
  /** The second provider's status: every 3 s from 8 s; each poll retried 3 times 500 ms apart; 3 failed polls are a serviceFailure. */
  moonpayPollStartMs: 8_000,
  moonpayPollMs: 3_000,
  moonpayRetries: 3,
  moonpayRetryMs: 500,
  moonpayFailureLimit: 3,
  bridgePollMs: 1_000,
  receivePollMs: 2_000,
  receiptPollMs: 1_000,
  /** The success screen's auto-close: the confirmations' shared constant (funding spec, "Business constants and limits"). */
  successDisplayMs: SUCCESS_DISPLAY_MS,
}
export type FundingTiming = typeof fundingTiming

/** The page's `window.open` and geometry, for the providers' popups; null outside a browser. */
export interface PopupHost {
  readonly screenX: number
  readonly screenY: number
  readonly outerWidth: number
  readonly outerHeight: number
  open(url: string, target: string, features: string): PopupWindow | null
}

/** The server and API calls funding makes (src/core/api/funding.ts and token_price). */
export interface FundingCalls {
  initCoinbaseOnRamp(body: CoinbaseOnRampInitBody): Promise<CoinbaseOnRampInitResponse>
  getCoinbaseOnRampStatus(partnerUserId: string): Promise<CoinbaseOnRampStatusResponse>
  signMoonpayOnRampUrl(body: MoonpayOnRampSignBody): Promise<MoonpayOnRampSignResponse>
  getBridgeQuote(body: BridgeQuoteBody): Promise<BridgeQuoteResponse>
  getBridgeStatus(query: { requestId: string | null; hash: string }): Promise<BridgeStatusResponse>
  tokenPriceUsd(chainId: number, symbol: string): Promise<number>
}

export interface FundingDeps {
  getConfig(): EffectiveConfig
  api: FundingCalls
  /** Fire and forget; failures are the sender's to swallow (funding spec, "The error catalogue"). */
  analytics(eventName: string, payload: Record<string, unknown>): void
  wallets: Pick<WalletsApi, 'getConnected' | 'watchConnected' | 'getOptions' | 'watchOptions' | 'connect'>
  window: PopupHost | null
  /** Chain RPCs and the second provider's status URL. */
  fetch?: typeof fetch
  timing?: Partial<FundingTiming>
}

/** The paying external wallet: the parts of a connected one funding uses. */
export type PayingWallet =
  | Pick<ConnectedEthereumWallet, 'address' | 'chain' | 'meta' | 'sendTransaction'>
  | Pick<ConnectedSolanaWallet, 'address' | 'chain' | 'meta' | 'signAndSendTransaction'>

/** The session's data fields (the actions are fixed at creation). */
export type SessionFields = Omit<
  FundingSession,
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
>

/** A transfer ready for 'Confirm with {wallet}': sends itself and answers the hash or signature. */
export interface PlannedTransfer {
  /** The paying wallet signs and sends it (a bridge's origin transaction, or the transfer itself). */
  send(): Promise<string>
  /** Resolves once the sent transaction is final on its chain; rejects when it failed there. */
  settle(hash: string): Promise<void>
  /** The bridge request it starts (polled for status); null for a direct transfer. */
  bridge: { requestId: string | null } | null
}

export interface SessionContext {
  readonly deps: FundingDeps
  readonly resolved: ResolvedFunding
  readonly timing: FundingTiming
  get(): FundingSession
  update(patch: Partial<SessionFields>): void
  /** Moves to `step` (or enters it again): the last entry's timers stop. Answers whether this entry is still the current one. */
  enter(step: FundingStep, patch?: Partial<SessionFields>): () => boolean
  /** Whether the current entry is still current, for work that started in it. */
  stillHere(): () => boolean
  /** Stops with the current entry (or the session). */
  onLeave(stop: () => void): void
  /** Something funded the wallet: `finish()` ends the session as 'funded'. */
  funded(): void
  /** Ends the session as funded (after success) or exited. */
  end(status: 'funded' | 'exited'): void
  /** The USD price of one whole unit of the asset, once known. */
  price: number | null
  payer: PayingWallet | null
  plan: PlannedTransfer | null
}

/**
 * Runs `tick` after `startMs`, then `everyMs` after each tick ends, until a tick answers 'stop' or the returned
 * function stops it. A tick that throws is logged and polling goes on.
 */
export function poll(startMs: number, everyMs: number, tick: () => Promise<'stop' | void>): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = async () => {
    const next = await tick().catch((error: unknown) => void console.warn('[tessera] funding status poll failed', error))
    if (next !== 'stop' && !stopped) timer = setTimeout(run, everyMs)
  }
  timer = setTimeout(run, startMs)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
