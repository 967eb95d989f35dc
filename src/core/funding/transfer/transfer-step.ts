/**
 * The transfer from an external wallet (funding spec, "Screens and routes" and "States and transitions": "External funding"): preparing, then 'confirm' with the
 * summary, then the paying wallet signs and sends ('submitting'), a bridged transfer waits for the bridge
 * ('bridging'), and 'success' closes by itself after the success delay. Where the wallet cannot pay on the funded
 * chain and bridging is on, 'Transfer from another network' offers the chains where it holds funds.
 */
import { TesseraError } from '../../errors/base-error.js'
import { bridgeRefundedError, notEnoughFundsError, transferRejectedError } from '../../errors/funding-errors.js'
import { transactionSubmissionError } from '../../errors/transaction-errors.js'
import { fromSmallestUnits, toSmallestUnits } from '../amount.js'
import { reportFundingCompleted } from '../analytics.js'
import type { PayingWallet, SessionContext } from '../session-context.js'
import type { FundingTransferState } from '../types.js'
import { transferFromWallet } from '../wallet-step.js'
import { loadSourceChains, quoteBridge, waitForBridge } from './bridge.js'
import { prepareDirectTransfer, type PreparedTransfer } from './direct-transfer.js'

function preparing(payer: PayingWallet, chainId: number | null, bridged: boolean): FundingTransferState {
  return {
    status: 'preparing',
    from: { address: payer.address, name: payer.meta.name, chain: payer.chain, chainId },
    bridged,
    summary: null,
    hash: null,
    error: null,
    refundUrl: null,
  }
}

/** A bridge can pay from another chain: bridging is on and the wallet is not a Solana one paying Solana. */
const canBridge = (ctx: SessionContext, payer: PayingWallet) =>
  ctx.resolved.bridging && !(payer.chain === 'solana' && ctx.resolved.place.chainType === 'solana')

const amountToSend = (ctx: SessionContext) => toSmallestUnits(ctx.get().amount, ctx.get().asset!.decimals)

function offer(ctx: SessionContext, prepared: PreparedTransfer): void {
  ctx.plan = prepared.plan
  ctx.update({ transfer: { ...ctx.get().transfer!, status: 'confirm', summary: prepared.summary } })
}

/** The error screen of the transfer step (funding spec, "The error catalogue"): insufficient funds offers the way back to the wallets. */
function failTransfer(ctx: SessionContext, error: unknown, refundUrl: string | null = null): void {
  const failure = TesseraError.is(error) ? error : transactionSubmissionError(error)
  ctx.enter('transfer', { transfer: { ...ctx.get().transfer!, status: 'error', error: failure, refundUrl } })
}

export function continueWithAmount(ctx: SessionContext): void {
  const { step, amountValid, asset } = ctx.get()
  const payer = ctx.payer
  if (step !== 'amount' || !amountValid || !asset || !payer) return
  const { place } = ctx.resolved
  ctx.plan = null
  const current = ctx.enter('transfer', { transfer: preparing(payer, place.chainType === 'ethereum' ? place.chain.id : null, false), sourceChains: [] })
  void (async () => {
    try {
      const direct = await prepareDirectTransfer(ctx, payer, amountToSend(ctx))
      if (!current()) return
      if (direct) return offer(ctx, direct)
      if (!canBridge(ctx, payer)) throw notEnoughFundsError(payer.address)
      const sources = await loadSourceChains(ctx, payer)
      if (!current()) return
      if (!sources.length) throw notEnoughFundsError(payer.address)
      ctx.enter('bridge-source', { sourceChains: sources, transfer: null })
      // The richest source is chosen first; the screen's selector changes it.
      chooseSourceChain(ctx, sources[0]!.chainId)
    } catch (error) {
      if (current()) failTransfer(ctx, error)
    }
  })()
}

export function chooseSourceChain(ctx: SessionContext, chainId: number): void {
  const { step, sourceChains, amountValid } = ctx.get()
  const source = sourceChains.find((candidate) => candidate.chainId === chainId)
  const payer = ctx.payer
  if (step !== 'bridge-source' || !source || !payer || !amountValid) return
  ctx.plan = null
  const current = ctx.enter('bridge-source', { transfer: preparing(payer, chainId, true) })
  quoteBridge(ctx, payer, source, amountToSend(ctx)).then(
    (prepared) => void (current() && offer(ctx, prepared)),
    (error: unknown) => void (current() && failTransfer(ctx, error)),
  )
}

/** A declined request is the user's rejection; anything else from the wallet is the transaction failing. */
function sendError(error: unknown): unknown {
  if (TesseraError.is(error)) return error
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === 4001 || /rejected|denied/i.test(String(message)) ? transferRejectedError(error) : error
}

/** 'Confirm with {wallet}': inside the click, the paying wallet opens its prompt. */
export function confirmTransfer(ctx: SessionContext): void {
  const { transfer } = ctx.get()
  const plan = ctx.plan
  if (transfer?.status !== 'confirm' || !plan) return
  const current = ctx.enter('transfer', { transfer: { ...transfer, status: 'submitting', error: null, hash: null, refundUrl: null } })
  void (async () => {
    let hash: string
    try {
      hash = await plan.send()
      if (!current()) return
      ctx.update({ transfer: { ...ctx.get().transfer!, hash } })
      await plan.settle(hash)
    } catch (error) {
      return void (current() && failTransfer(ctx, sendError(error)))
    }
    if (!current()) return
    if (plan.bridge) {
      ctx.update({ transfer: { ...ctx.get().transfer!, status: 'bridging' } })
      const result = await waitForBridge(ctx, { requestId: plan.bridge.requestId, hash }, current)
      if (!result) return
      if (result.status !== 'success') return failTransfer(ctx, bridgeRefundedError(result.status), result.explorer_url || null)
    }
    succeed(ctx, hash)
  })()
}

function succeed(ctx: SessionContext, hash: string): void {
  const { transfer, amount, asset } = ctx.get()
  ctx.update({ transfer: { ...transfer!, status: 'success' } })
  ctx.funded()
  const { place, address } = ctx.resolved
  const total = transfer!.summary?.total
  reportFundingCompleted(ctx, 'external', {
    status: 'success',
    txHash: hash,
    address: transfer!.from.address,
    chainType: transfer!.from.chain,
    ...(transfer!.from.chain === 'ethereum' ? { chainId: transfer!.from.chainId } : {}),
    ...(total && { value: fromSmallestUnits(total.value, total.decimals), token: total.symbol }),
    destinationAddress: address,
    destinationChainType: place.chainType,
    ...(place.chainType === 'ethereum' ? { destinationChainId: place.chain.id } : { destinationClusterName: place.cluster.name }),
    destinationValue: amount,
    destinationToken: asset!.symbol,
  })
  // Funding spec, "Screens and routes": the success screen closes by itself after the shared delay.
  const timer = setTimeout(() => ctx.end('funded'), ctx.timing.successDisplayMs)
  ctx.onLeave(() => clearTimeout(timer))
}

/** From the error screen: insufficient funds and bridge refunds go back to the wallets; a failed send may be confirmed again. */
export function retryTransfer(ctx: SessionContext): void {
  const { transfer } = ctx.get()
  if (transfer?.status !== 'error') return
  if (transfer.error?.code === 'insufficient_balance' || transfer.refundUrl) return transferFromWallet(ctx)
  if (ctx.plan)
    return void ctx.enter(transfer.bridged ? 'bridge-source' : 'transfer', { transfer: { ...transfer, status: 'confirm', error: null, hash: null } })
  ctx.enter('amount', { transfer: null })
  continueWithAmount(ctx)
}
