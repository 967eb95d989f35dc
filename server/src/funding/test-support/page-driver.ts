/**
 * Drives the card stand-ins' hosted checkout over plain HTTP, as a browser submitting its form would (the e2e
 * tests use a real browser; these are for server and stand-in tests): open the page, press Pay or Decline with an
 * amount, and wait for the progress page to settle.
 */
export interface OpenedCheckout {
  status: number
  html: string
  checkoutId: string | null
}

/** Loads a hosted page URL; `checkoutId` is the form's checkout when the page offers Pay / Decline. */
export async function openCheckoutPage(url: string): Promise<OpenedCheckout> {
  const response = await fetch(url, { redirect: 'manual' })
  const html = await response.text()
  return { status: response.status, html, checkoutId: /action="\/checkout\/([0-9a-f]{32})"/.exec(html)?.[1] ?? null }
}

/** The text of the page's status region (its outcome or refusal). */
export const statusText = (html: string) => /<p role="status">([^<]*)<\/p>/.exec(html)?.[1] ?? ''

/** Submits the checkout form; resolves with the status of the answer (303 when accepted) and its page. */
export async function answerCheckout(
  standInUrl: string,
  checkoutId: string,
  answer: 'pay' | 'decline',
  amount = '',
): Promise<{ status: number; html: string }> {
  const response = await fetch(`${standInUrl}/checkout/${checkoutId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ checkout: checkoutId, answer, amount }).toString(),
    redirect: 'manual',
  })
  return { status: response.status, html: await response.text() }
}

/** Reads the progress page until it stops refreshing (the purchase ended); resolves with its status text. */
export async function waitForOutcome(standInUrl: string, checkoutId: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(`${standInUrl}/checkout/${checkoutId}`)
    const html = await response.text()
    if (!response.headers.get('refresh')) return statusText(html)
    if (Date.now() > deadline) throw new Error(`checkout ${checkoutId} still running: ${statusText(html)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
