import { ApiError } from '../http/api-error.js'

/** How long a provider call may take before the route gives up with a 503. */
export const PROVIDER_TIMEOUT_MS = 15_000

export interface ProviderAnswer {
  status: number
  /** The parsed JSON body; null when there was none or it was not JSON. */
  body: unknown
}

/** The provider could not serve the request (unreachable, timed out, refused our credentials, failed): never a 500. */
export const providerUnavailable = (provider: string, status?: number) =>
  new ApiError(503, 'internal_error', `${provider} could not be reached${status ? ` (HTTP ${status})` : ''}, try again later`)

/**
 * One call to a provider's API. Redirects are refused (the request carries a key), and any transport failure or
 * timeout is a 503 naming the provider only: no key, URL or provider body reaches the caller.
 */
export async function requestProvider(provider: string, url: string, init: RequestInit): Promise<ProviderAnswer> {
  let response: Response
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  } catch {
    throw providerUnavailable(provider)
  }
  const text = await response.text().catch(() => '')
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // A non-JSON body (an HTML error page) reads as no body.
  }
  return { status: response.status, body }
}

/** The provider's own explanation of a refusal (`message`, `errorMessage`...), shortened; '' when it gave none. */
export function providerMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return ''
  const record = body as Record<string, unknown>
  const message = [record.message, record.errorMessage, record.error].find((value) => typeof value === 'string') as string | undefined
  return (message ?? '').slice(0, 300)
}
