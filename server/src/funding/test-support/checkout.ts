/**
 * The hosted checkout both card stand-ins show: a page that says what is bought (asset, network, address, amount,
 * price) with an editable amount and two buttons, Pay and Decline; the answer goes to `/checkout/{id}`, which starts
 * the provider's purchase and then shows its progress, refreshing until it ends (the person closes the popup
 * themselves). A checkout is answered once.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseUnits } from 'viem'
import { escapeHtml, hiddenField, HttpAnswer, readForm, sendMessagePage, sendPage, summaryList } from './http.js'

export interface Checkout<Order> {
  id: string
  order: Order
  answered: boolean
}

export interface CheckoutCopy {
  title: string
  amountLabel: string
  pay: string
  decline: string
  alreadyAnswered: string
  unknownCheckout: string
  badAmount: string
}

/** What a provider does with a checkout: its answer, and how its progress reads. */
export interface CheckoutProvider<Order> {
  copy: CheckoutCopy
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

/** Outcomes a test queues for the next purchases, taken one per purchase. */
export function forcedOutcomes<Outcome>() {
  const queued: Outcome[] = []
  return { force: (outcome: Outcome) => void queued.push(outcome), take: (): Outcome | undefined => queued.shift() }
}

export function createCheckouts<Order>(provider: CheckoutProvider<Order>) {
  const checkouts = new Map<string, Checkout<Order>>()
  const { copy } = provider

  function open(order: Order): Checkout<Order> {
    const checkout = { id: randomBytes(16).toString('hex'), order, answered: false }
    checkouts.set(checkout.id, checkout)
    return checkout
  }

  function showForm(response: ServerResponse, checkout: Checkout<Order>, rows: [string, string][], amount: string, intro: string): void {
    sendPage(response, 200, copy.title, `<p>${escapeHtml(intro)}</p>${summaryList(rows)}
      <form method="post" action="/checkout/${checkout.id}">
        <p><label>${escapeHtml(copy.amountLabel)} <input name="amount" inputmode="decimal" autocomplete="off" value="${escapeHtml(amount)}"></label></p>
        ${hiddenField('checkout', checkout.id)}
        <button type="submit" name="answer" value="pay">${escapeHtml(copy.pay)}</button>
        <button type="submit" name="answer" value="decline">${escapeHtml(copy.decline)}</button>
      </form>`)
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

  return { open, showForm, handle }
}
