/**
 * The first card provider, Coinbase Onramp (funding spec, "Screens and routes", "States and transitions" and "The calls it makes"): the server's session for the user's address, the
 * hosted page's URL in the popup ('buy' by card, or 'send' from a Coinbase account: the exchange), then its status
 * every 1.5 s from 5 s on; three sightings of the window closed without a result return to the landing.
 */
import type { CoinbaseOnRampInitResponse } from '../../../protocol/funding.js'
import { coinbaseAssetOf } from '../../chains/funding-tables.js'
import { CARD_FUNDING_FAILED_MESSAGE, fundingNotEnabledError } from '../../errors/funding-errors.js'
import { reportFundingCompleted, reportOnRampStarted } from '../analytics.js'
import { poll, type SessionContext } from '../session-context.js'
import type { CoinbaseCardStatus } from '../types.js'
import { beginCardAttempt, cardAttemptFailed, type CardAttempt } from './card-attempt.js'

export const COINBASE_ONRAMP_URL = 'https://pay.coinbase.com/buy/select-asset'

type Experience = 'buy' | 'send'
const paymentMethods: Record<Experience, string> = { buy: 'CARD', send: 'CRYPTO_ACCOUNT' }

/** The hosted page's URL with the fields of the funding spec, "Screens and routes". */
export function coinbaseOnrampUrl(
  init: CoinbaseOnRampInitResponse,
  fields: { partnerName: string; amount: string; network: string; asset: string; experience: Experience },
): string {
  const url = new URL(init.onramp_url ?? COINBASE_ONRAMP_URL)
  const query = {
    appId: init.app_id,
    sessionToken: init.session_token,
    endPartnerName: fields.partnerName,
    defaultExperience: fields.experience,
    presetCryptoAmount: fields.amount.startsWith('.') ? `0${fields.amount}` : fields.amount,
    defaultNetwork: fields.network,
    defaultPaymentMethod: paymentMethods[fields.experience],
    defaultAsset: fields.asset,
    partnerUserId: init.partner_user_id,
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}

/** 'Pay with card' by the first provider, or 'Transfer from an exchange' (`send`). Call inside the click. */
export function startCoinbase(ctx: SessionContext, experience: Experience, quiet = false): void {
  const { options } = ctx.get()
  if (!(experience === 'buy' ? options.card.includes('coinbase') : options.exchange)) {
    return void ctx.update({ errorMessage: (ctx.resolved.coinbaseRefusal ?? fundingNotEnabledError()).shortMessage })
  }
  const attempt = beginCardAttempt(ctx, { provider: 'coinbase', experience, status: 'pending-in-flow' }, experience === 'buy' ? 'card' : 'exchange', quiet)
  if (attempt) void openCoinbase(ctx, attempt, experience)
}

async function openCoinbase(ctx: SessionContext, attempt: CardAttempt, experience: Experience): Promise<void> {
  const network = ctx.resolved.network!
  const asset = coinbaseAssetOf(network, ctx.get().asset!.kind === 'usdc' ? 'USDC' : 'native-currency')
  let init: CoinbaseOnRampInitResponse
  try {
    init = await ctx.deps.api.initCoinbaseOnRamp({ addresses: [{ address: ctx.resolved.address, blockchains: [network] }], assets: [asset] })
  } catch (error) {
    attempt.popup.close()
    reportFundingCompleted(ctx, 'coinbase-onramp', { status: 'failure', error: messageOf(error) })
    return cardAttemptFailed(ctx, attempt, { provider: 'coinbase', experience, status: 'error' }, CARD_FUNDING_FAILED_MESSAGE)
  }
  if (!attempt.current()) return attempt.popup.close()
  attempt.popup.location.href = coinbaseOnrampUrl(init, { partnerName: ctx.get().appName, amount: ctx.get().amount, network, asset, experience })
  reportOnRampStarted(ctx, 'coinbase-onramp')
  ctx.onLeave(pollCoinbase(ctx, attempt, init.partner_user_id, experience))
}

function pollCoinbase(ctx: SessionContext, attempt: CardAttempt, partnerUserId: string, experience: Experience): () => void {
  let closedSightings = 0
  const show = (status: CoinbaseCardStatus) => ctx.update({ card: { provider: 'coinbase', experience, status } })
  const failed = (error: string) => {
    reportFundingCompleted(ctx, 'coinbase-onramp', { status: 'failure', error })
    cardAttemptFailed(ctx, attempt, { provider: 'coinbase', experience, status: 'error' }, CARD_FUNDING_FAILED_MESSAGE)
    return 'stop' as const
  }
  return poll(ctx.timing.coinbasePollStartMs, ctx.timing.coinbasePollMs, async () => {
    const answer = await ctx.deps.api.getCoinbaseOnRampStatus(partnerUserId).catch((error: unknown) => ({ error: messageOf(error) }))
    if (!attempt.current()) return 'stop'
    if ('error' in answer) return failed(answer.error)
    if (answer.status === 'failure') return failed('The purchase failed')
    if (answer.status === 'success') {
      show('success')
      ctx.funded()
      reportFundingCompleted(ctx, 'coinbase-onramp', { status: 'success' })
      return 'stop'
    }
    if (!attempt.popup.closed) return
    // Closed with no result: wait for the status a little, then give the landing back.
    if (++closedSightings < ctx.timing.popupClosedLimit) return show('pending-after-flow')
    cardAttemptFailed(ctx, attempt, { provider: 'coinbase', experience, status: 'pending-after-flow' }, null)
    return 'stop'
  })
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error))
