/**
 * The second card provider, MoonPay (funding spec, "Screens and routes", "States and transitions" and "The calls it makes"): the server signs the widget URL for the user's address
 * (currency from the network and asset, the amount, card payment, the app's colours), the popup goes there, and the
 * purchase is read every 3 s from 8 s on. failed, completed and awaitingAuthorization end the polling; failed, or
 * three failed reads (serviceFailure), return to the landing with the provider's banner.
 */
import type { MoonpayTransactionDto } from '../../../protocol/funding.js'
import { moonpayCurrencyOf } from '../../chains/funding-tables.js'
import { fundingNotEnabledError, secondProviderFailedMessage } from '../../errors/funding-errors.js'
import { reportFundingCompleted, reportOnRampStarted } from '../analytics.js'
import { poll, type SessionContext } from '../session-context.js'
import type { MoonpayCardStatus } from '../types.js'
import { beginCardAttempt, cardAttemptFailed, type CardAttempt } from './card-attempt.js'
import { fetchMoonpayTransaction, moonpayStatusUrl } from './moonpay-status.js'

/** The provider's name in the banner. */
export const MOONPAY_DISPLAY_NAME = 'MoonPay'
const failedMessage = secondProviderFailedMessage(MOONPAY_DISPLAY_NAME)
const finalStatuses: readonly MoonpayCardStatus[] = ['failed', 'completed', 'awaitingAuthorization']

/** 'Pay with card' by the second provider. Call inside the click. */
export function startMoonpay(ctx: SessionContext, quiet = false): void {
  if (!ctx.get().options.card.includes('moonpay')) return void ctx.update({ errorMessage: fundingNotEnabledError().shortMessage })
  const attempt = beginCardAttempt(ctx, { provider: 'moonpay', status: 'pending' }, 'card', quiet)
  if (attempt) void openMoonpay(ctx, attempt)
}

async function openMoonpay(ctx: SessionContext, attempt: CardAttempt): Promise<void> {
  const { appearance } = ctx.deps.getConfig()
  const currencyCode = moonpayCurrencyOf(ctx.resolved.network, ctx.get().asset!.kind === 'usdc' ? 'USDC' : 'native-currency')!
  let sign: Awaited<ReturnType<typeof ctx.deps.api.signMoonpayOnRampUrl>>
  try {
    sign = await ctx.deps.api.signMoonpayOnRampUrl({
      address: ctx.resolved.address,
      config: {
        currencyCode,
        quoteCurrencyAmount: Number(ctx.get().amount),
        paymentMethod: 'credit_debit_card',
        uiConfig: { ...(appearance.accentColor && { accentColor: appearance.accentColor }), theme: appearance.theme },
      },
    })
  } catch (error) {
    attempt.popup.close()
    console.warn('[tessera] MoonPay sign failed', error)
    return cardAttemptFailed(ctx, attempt, { provider: 'moonpay', status: 'failed' }, failedMessage)
  }
  if (!attempt.current()) return attempt.popup.close()
  attempt.popup.location.href = sign.signedUrl
  reportOnRampStarted(ctx, 'moonpay')
  ctx.onLeave(pollMoonpay(ctx, attempt, moonpayStatusUrl(sign)))
}

/** A card purchase waiting for the card's authorization is still pending to the user (funding spec, "States and transitions"). */
function statusOf(transaction: MoonpayTransactionDto): MoonpayCardStatus {
  if (transaction.status === 'waitingAuthorization' && transaction.paymentMethod === 'credit_debit_card') return 'pending'
  return transaction.status === 'waitingPayment' ? 'pending' : transaction.status
}

function pollMoonpay(ctx: SessionContext, attempt: CardAttempt, url: string | null): () => void {
  const { timing } = ctx
  let failures = 0
  return poll(timing.moonpayPollStartMs, timing.moonpayPollMs, async () => {
    let transaction: MoonpayTransactionDto | null
    try {
      if (!url) throw new Error('The sign answer names no status URL')
      transaction = await fetchMoonpayTransaction(url, { retries: timing.moonpayRetries, delayMs: timing.moonpayRetryMs }, ctx.deps.fetch)
    } catch (error) {
      console.warn('[tessera] MoonPay status failed', error)
      if (!attempt.current()) return 'stop'
      if (++failures < timing.moonpayFailureLimit) return
      reportFundingCompleted(ctx, 'moonpay', { status: 'serviceFailure' })
      cardAttemptFailed(ctx, attempt, { provider: 'moonpay', status: 'serviceFailure' }, failedMessage)
      return 'stop'
    }
    if (!attempt.current()) return 'stop'
    if (!transaction) return
    const status = statusOf(transaction)
    ctx.update({ card: { provider: 'moonpay', status } })
    if (!finalStatuses.includes(status)) return
    reportFundingCompleted(ctx, 'moonpay', completionPayload(status, transaction))
    if (status === 'failed') cardAttemptFailed(ctx, attempt, { provider: 'moonpay', status }, failedMessage)
    if (status === 'completed') ctx.funded()
    return 'stop'
  })
}

const completionPayload = (status: MoonpayCardStatus, transaction: MoonpayTransactionDto) => ({
  status,
  paymentMethod: transaction.paymentMethod,
  cardPaymentType: transaction.cardPaymentType,
  currency: transaction.currency?.code,
  baseCurrencyAmount: transaction.baseCurrencyAmount,
  quoteCurrencyAmount: transaction.quoteCurrencyAmount,
  feeAmount: transaction.feeAmount,
  extraFeeAmount: transaction.extraFeeAmount,
  networkFeeAmount: transaction.networkFeeAmount,
})
