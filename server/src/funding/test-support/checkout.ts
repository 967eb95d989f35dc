/**
 * The hosted checkout both card stand-ins show: a page that says what is bought (asset, network, address, amount,
 * price) with an editable amount and two buttons, Pay and Decline; the answer goes to `/checkout/{id}`, which starts
 * the provider's purchase and then shows its progress, refreshing until it ends (the person closes the popup
 * themselves). A checkout is answered once.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseUnits } from 'viem'
import { DEV_USD_PRICES } from './catalog.js'
import { escapeHtml, hiddenField, HttpAnswer, readForm, sendMessagePage, sendPage, summaryList } from './http.js'
import { assetDecimals, type FundingAsset, type LocalNetwork } from './networks.js'
import type { WebhookAttempt } from './webhook-sender.js'

export interface Checkout<Order> {
  id: string
  order: Order
  answered: boolean
}

/** The words of the checkout both card stand-ins show (their titles and own texts aside). */
export const checkoutCopy = {
  amountLabel: 'Amount',
  pay: 'Pay',
  decline: 'Decline',
  alreadyAnswered: 'This purchase was already answered.',
  unknownCheckout: 'This purchase does not exist.',
  badAmount: 'Enter an amount above 0.',
  rows: { asset: 'You get', network: 'Network', address: 'Sent to', price: 'You pay', method: 'Payment method' },
  price: (symbol: string) => `$${(DEV_USD_PRICES[symbol] ?? 0).toFixed(2)} per ${symbol}, plus fees`,
  outcome: {
    completed: 'Purchase complete: your crypto was sent. You can close this window.',
    declined: 'Your card was declined. Nothing was charged. You can close this window.',
    failed: 'The purchase failed. Nothing was sent. You can close this window.',
  },
}

/** What every card stand-in offers its tests besides its own keys. */
export interface CardStandIn<Transaction, Outcome> {
  /** Where its purchases are paid from (an anvil account on every EVM network, a Solana keypair). */
  treasury: { evmAddress: string; solanaAddress: string }
  transactions: readonly Transaction[]
  webhooks: readonly WebhookAttempt[]
  setWebhookUrl(url: string | null): void
  /** The next purchase ends this way whatever the person presses. */
  forceNext(outcome: Outcome): void
  /** Resolves once running purchases and their webhook deliveries are done. */
  settled(): Promise<void>
  close(): Promise<void>
}

/** What the page says is bought. */
export interface OrderSummary {
  symbol: string
  networkName: string
  address: string
}

/** What a provider does with a checkout: its answer, and how its progress reads. */
export interface CheckoutProvider<Order> {
  title: string
  /** Starts the purchase (paid with `amount` base units) or records the decline; may refuse the amount with a message. */
  answer(order: Order, answer: 'pay' | 'decline', amountText: string): string | null
  /** The sentence the progress page shows, and whether the purchase has ended. */
  progress(order: Order): { message: string; done: boolean }
}

/** A positive decimal of at most `decimals` fraction digits as base units, or null. */
export function parseAmount(text: string | null | undefined, decimals: number): bigint | null {
  const trimmed = (text ?? '').trim()
  if (!/^\d+(\.\d+)?$/.test(trimmed) && !/^\.\d+$/.test(trimmed)) return null
  const fraction = trimmed.split('.')[1] ?? ''
  if (fraction.length > decimals) return null
  const units = parseUnits(trimmed.startsWith('.') ? `0${trimmed}` : trimmed, decimals)
  return units > 0n ? units : null
}

/** Purchases running in the background (their status steps `delayMs` apart), and a way to wait for all of them. */
export function purchaseRunner(delayMs: number) {
  const running = new Set<Promise<void>>()
  return {
    pause: () => new Promise<void>((resolve) => setTimeout(resolve, delayMs)),
    start(task: () => Promise<void>): void {
      const run = task().finally(() => running.delete(run))
      running.add(run)
    },
    settled: async () => void (await Promise.all([...running])),
  }
}

/** How a card purchase moves after it is answered, whatever its provider calls each status. */
export type PurchaseMove = 'in_progress' | 'held' | 'completed' | 'failed' | 'declined'
/** What a test may force on the next purchase: the card declined, the delivery failed, or no end (stuck in progress, or held for authorization). */
export type PurchaseOutcome = 'decline' | 'failed' | 'stuck' | 'held'

/** One answered purchase as its provider records it: each move in its own status names, and the real delivery. */
export interface PurchaseRecord {
  move(step: PurchaseMove, txHash?: string): void
  /** Pays the purchase out on the chain; resolves with the transaction hash or signature. */
  deliver(): Promise<string>
}

/** What a card order is: the summary the page shows, and the chain and asset it is paid out in. */
export type CardOrder = OrderSummary & { network: LocalNetwork; asset: FundingAsset }

export interface CardPurchases<Order extends CardOrder> {
  runner: ReturnType<typeof purchaseRunner>
  forced: { take(): PurchaseOutcome | undefined }
  /** Records the purchase of `amount` (base units) as created. */
  open(order: Order, amount: bigint): PurchaseRecord
}

/** Created → in progress (or held) → the real delivery → completed; or a forced failure on the way. */
async function completePurchase(runner: ReturnType<typeof purchaseRunner>, record: PurchaseRecord, outcome: PurchaseOutcome | undefined): Promise<void> {
  await runner.pause()
  if (outcome === 'held') return record.move('held')
  record.move('in_progress')
  if (outcome === 'stuck') return
  await runner.pause()
  if (outcome === 'failed') return record.move('failed')
  try {
    record.move('completed', await record.deliver())
  } catch {
    record.move('failed')
  }
}

/** Pay starts the purchase; Decline (or a forced decline) records it declined: providers list declined payments too. */
function answerPurchase<Order extends CardOrder>(purchases: CardPurchases<Order>, order: Order, answer: 'pay' | 'decline', amountText: string): string | null {
  const amount = parseAmount(amountText, assetDecimals(order.network, order.asset))
  if (answer === 'pay' && amount === null) return checkoutCopy.badAmount
  const outcome = purchases.forced.take()
  const record = purchases.open(order, amount ?? 0n)
  if (answer === 'decline' || outcome === 'decline') record.move('declined')
  else purchases.runner.start(() => completePurchase(purchases.runner, record, outcome))
  return null
}

/** Outcomes a test queues for the next purchases, taken one per purchase. */
export function forcedOutcomes<Outcome>() {
  const queued: Outcome[] = []
  return { force: (outcome: Outcome) => void queued.push(outcome), take: (): Outcome | undefined => queued.shift() }
}

export function createCheckouts<Order>(provider: CheckoutProvider<Order>) {
  const checkouts = new Map<string, Checkout<Order>>()
  const copy = { ...checkoutCopy, title: provider.title }

  function open(order: Order): Checkout<Order> {
    const checkout = { id: randomBytes(16).toString('hex'), order, answered: false }
    checkouts.set(checkout.id, checkout)
    return checkout
  }

  /** The page for a new checkout of `order`: what is bought, the amount to edit, Pay and Decline. */
  function show(response: ServerResponse, order: Order & OrderSummary, page: { method: string; amount: string; intro: string }): void {
    const checkout = open(order)
    const { rows } = copy
    const summary = summaryList([
      [rows.asset, order.symbol],
      [rows.network, order.networkName],
      [rows.address, order.address],
      [rows.price, copy.price(order.symbol)],
      [rows.method, page.method],
    ])
    sendPage(
      response,
      200,
      copy.title,
      `<p>${escapeHtml(page.intro)}</p>${summary}
      <form method="post" action="/checkout/${checkout.id}">
        <p><label>${escapeHtml(copy.amountLabel)} <input name="amount" inputmode="decimal" autocomplete="off" value="${escapeHtml(page.amount)}"></label></p>
        ${hiddenField('checkout', checkout.id)}
        <button type="submit" name="answer" value="pay">${escapeHtml(copy.pay)}</button>
        <button type="submit" name="answer" value="decline">${escapeHtml(copy.decline)}</button>
      </form>`,
    )
  }

  /** `GET` and `POST /checkout/{id}`: the progress page, and the answer. */
  async function handle(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const checkout = checkouts.get(id)
    if (!checkout) return sendMessagePage(response, 404, copy.title, copy.unknownCheckout)
    if (request.method === 'POST') {
      if (checkout.answered) return sendMessagePage(response, 409, copy.title, copy.alreadyAnswered)
      const form = await readForm(request)
      const answer = form.get('answer')
      if (answer !== 'pay' && answer !== 'decline') throw new HttpAnswer(400, { message: 'answer must be pay or decline' })
      const refusal = provider.answer(checkout.order, answer, form.get('amount') ?? '')
      if (refusal) return sendMessagePage(response, 400, copy.title, refusal)
      checkout.answered = true
      response.writeHead(303, { location: `/checkout/${id}` })
      return void response.end()
    }
    const { message, done } = provider.progress(checkout.order)
    // While the purchase runs the page refreshes itself, as the provider's own page follows its status.
    sendPage(response, 200, copy.title, `<p role="status">${escapeHtml(message)}</p>`, done ? {} : { refresh: '1' })
  }

  return { show, handle }
}

/** The checkout pages of a card stand-in, whose answers start the purchases `purchases` records. */
export function createCardCheckouts<Order extends CardOrder>(title: string, purchases: CardPurchases<Order>, progress: CheckoutProvider<Order>['progress']) {
  return createCheckouts<Order>({ title, answer: (order, answer, amount) => answerPurchase(purchases, order, answer, amount), progress })
}
