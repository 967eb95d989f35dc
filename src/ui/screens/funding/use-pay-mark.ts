import { useEffect, useState } from 'react'

export type PayMark = 'apple' | 'google'

interface ApplePaySessionLike {
  canMakePayments(): boolean
}
interface UserAgentDataLike {
  brands: { brand: string }[]
}

/**
 * Funding spec, "Screens and routes": 'Pay with card' shows the Apple Pay or Google Pay logo where the browser supports it. Asked of the
 * browser without a request: a Payment Request probe for `https://apple.com/apple-pay` or `https://google.com/pay`
 * fetches the method's manifest from that site, which a page's strict `connect-src` refuses (and reports). Apple Pay:
 * WebKit's `ApplePaySession`; Google Pay: a Chromium browser with the Payment Request API, where its method runs.
 */
function browserPayMark(): PayMark | null {
  try {
    if ((globalThis as { ApplePaySession?: ApplePaySessionLike }).ApplePaySession?.canMakePayments()) return 'apple'
  } catch {
    // Outside a secure context WebKit throws instead of answering: no Apple Pay there.
  }
  const brands = (globalThis.navigator as { userAgentData?: UserAgentDataLike } | undefined)?.userAgentData?.brands ?? []
  return typeof PaymentRequest === 'function' && brands.some(({ brand }) => brand === 'Chromium') ? 'google' : null
}

/** The mark the card row shows: Apple Pay first, then Google Pay; null on the server's render and where neither is supported. */
export function usePayMark(): PayMark | null {
  const [mark, setMark] = useState<PayMark | null>(null)
  // After mounting, so a server-rendered page hydrates with the same (empty) row.
  useEffect(() => setMark(browserPayMark()), [])
  return mark
}
