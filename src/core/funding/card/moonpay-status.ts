/**
 * The second provider's purchase status (funding spec, "The calls it makes": "Second provider transaction status"): its list of
 * transactions for the external id, read with a plain `fetch` (no credentials: a provider URL, not our API), each
 * read retried 3 times 500 ms apart. 404 (or an empty list) means the purchase does not exist yet.
 */
import type { MoonpayOnRampSignResponse, MoonpayTransactionDto } from '../../../protocol/funding.js'

/** MoonPay's public API, for a sign answer without `statusUrl`: keyed by the publishable key its signed URL carries. */
export const MOONPAY_API_URL = 'https://api.moonpay.com/v1'

export function moonpayStatusUrl(sign: MoonpayOnRampSignResponse): string | null {
  if (sign.statusUrl) return sign.statusUrl
  const apiKey = new URL(sign.signedUrl).searchParams.get('apiKey')
  return apiKey ? `${MOONPAY_API_URL}/transactions/ext/${encodeURIComponent(sign.externalTransactionId)}?apiKey=${encodeURIComponent(apiKey)}` : null
}

const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500

export async function fetchMoonpayTransaction(
  url: string,
  retry: { retries: number; delayMs: number },
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<MoonpayTransactionDto | null> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null
    try {
      response = await fetchImpl(url, { credentials: 'omit', headers: { accept: 'application/json' } })
    } catch (error) {
      if (attempt >= retry.retries) throw error
    }
    if (response?.status === 404) return null
    if (response?.ok) return ((await response.json()) as MoonpayTransactionDto[])[0] ?? null
    if (response && (!retryableStatus(response.status) || attempt >= retry.retries)) throw new Error(`MoonPay status answered ${response.status}`)
    await new Promise((resolve) => setTimeout(resolve, retry.delayMs))
  }
}
