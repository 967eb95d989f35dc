import { useEffect, useState } from 'react'

export type PayMark = 'apple' | 'google'

/**
 * Document 3 §2: 'Pay with card' shows the Apple Pay or Google Pay mark where the browser can pay with it. The
 * payment methods' identifiers, with the method data their browsers require to construct a request (never shown).
 */
const wallets: { mark: PayMark; method: PaymentMethodData }[] = [
  {
    mark: 'apple',
    method: {
      supportedMethods: 'https://apple.com/apple-pay',
      data: { version: 3, merchantIdentifier: 'tessera', merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa', 'masterCard'], countryCode: 'US' },
    },
  },
  {
    mark: 'google',
    method: {
      supportedMethods: 'https://google.com/pay',
      data: { apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [{ type: 'CARD', parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['VISA', 'MASTERCARD'] } }] },
    },
  },
]
const probeDetails: PaymentDetailsInit = { total: { label: 'Total', amount: { currency: 'USD', value: '0.00' } } }

/** Asks the browser only; a browser without the API, or one that refuses the question, has no mark. */
async function canPayWith(method: PaymentMethodData): Promise<boolean> {
  if (typeof PaymentRequest !== 'function') return false
  try {
    return await new PaymentRequest([method], probeDetails).canMakePayment()
  } catch {
    return false
  }
}

/** The mark the card row shows: Apple Pay first, then Google Pay; null while asking and where neither can pay. */
export function usePayMark(): PayMark | null {
  const [mark, setMark] = useState<PayMark | null>(null)
  useEffect(() => {
    let live = true
    void (async () => {
      for (const wallet of wallets) {
        if (!(await canPayWith(wallet.method))) continue
        if (live) setMark(wallet.mark)
        return
      }
    })()
    return () => {
      live = false
    }
  }, [])
  return mark
}
