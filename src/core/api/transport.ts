/** The fetch transport every API call goes through (sign-in spec, "The calls it makes"; docs/wire.md "Every request"). */
import { headers, routePath, type Route } from '../../protocol/index.js'
import { TesseraError } from '../errors/base-error.js'
import { retryableStatuses } from '../errors/retryable-statuses.js'
import { networkError, requestAbortedError, requestTimeoutError } from '../errors/client-errors.js'
import { clientTag } from '../version.js'
import { refusedOriginError } from './origin-check.js'

export const REQUEST_TIMEOUT_MS = 20_000
export const MAX_RETRIES = 3
/** 500 ms, 1.5 s, 4.5 s. */
export const retryDelay = (attempt: number) => 500 * 3 ** attempt

export interface TransportOptions {
  apiUrl: string
  appId: string
  clientId?: string
  /** Used when a request asks for `auth`; may refresh first. */
  getAccessToken?: () => Promise<string | null>
  /** The analytics id sent as `privy-ca-id`. */
  getAnalyticsId?: () => Promise<string | null>
  fetch?: typeof fetch
  /** Aborts every request when the client is destroyed. */
  signal?: AbortSignal
  timeoutMs?: number
  retryDelay?: (attempt: number) => number
}

export interface RequestOptions<Body = unknown> {
  params?: Record<string, string>
  /** The query string of a GET (`?key=value&…`). */
  query?: Record<string, string>
  body?: Body
  /** Attach `Authorization: Bearer` when a token exists. */
  auth?: boolean
  /** An explicit token instead of `getAccessToken` (the refresh call must not wait on itself). */
  accessToken?: string | null
  signal?: AbortSignal
  /** Default true; analytics turns it off. */
  retry?: boolean
  /** Route-specific headers (the Farcaster status poll's channel token). */
  headers?: Record<string, string>
}

export interface Transport {
  readonly apiUrl: string
  /** A non-null `custom_api_url` from the server config switches the base. */
  setApiUrl(apiUrl: string): void
  /** The body is checked against the route's Body type; the answer is typed by its Response. */
  request<Body, Result>(route: Route<Body, Result>, options?: RequestOptions<NoInfer<Body>>): Promise<Result>
}

export function createTransport(options: TransportOptions): Transport {
  let apiUrl = trimSlash(options.apiUrl)
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const delayFor = options.retryDelay ?? retryDelay

  async function request<Body, Result>(route: Route<Body, Result>, request: RequestOptions<Body> = {}): Promise<Result> {
    const url = apiUrl + routePath(route, request.params) + queryString(request.query)
    const init: RequestInit = {
      method: route.method,
      headers: await buildHeaders(options, request),
      credentials: 'include',
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }
    const retries = request.retry === false ? 0 : MAX_RETRIES
    for (let n = 0; ; n++) {
      const response = await fetchOnce(options, timeoutMs, url, init, request.signal).catch(explainNetworkError(request.signal))
      if (response.status <= 299) {
        return (await readJson(response).catch((cause: unknown) => {
          throw new TesseraError({ code: 'unknown_auth_error', shortMessage: 'Invalid response from server', status: response.status, cause })
        })) as Result
      }
      if (n < retries && retryableStatuses.has(response.status)) {
        await response.body?.cancel()
        await sleep(delayFor(n), request.signal)
        continue
      }
      const body = await readJson(response).catch(() => null)
      // The error-body reader (with every API error code) loads with the first failed request.
      throw (await import('../errors/from-api-response.js')).fromApiResponse(response.status, body)
    }
  }

  /** A network error may be a refused origin (the browser hides why a preflight failed): the origin check tells. */
  const explainNetworkError =
    (signal: AbortSignal | undefined) =>
    async (error: unknown): Promise<never> => {
      if (!TesseraError.is(error) || error.code !== 'network_error') throw error
      throw (await refusedOriginError((checkUrl, init) => fetchOnce(options, timeoutMs, checkUrl, init, signal), apiUrl, options.appId, error)) ?? error
    }

  return {
    get apiUrl() {
      return apiUrl
    },
    setApiUrl(next) {
      apiUrl = trimSlash(next)
    },
    request,
  }
}

async function buildHeaders(options: TransportOptions, request: RequestOptions): Promise<Record<string, string>> {
  const result: Record<string, string> = {
    [headers.appId]: options.appId,
    [headers.client]: clientTag,
    'content-type': 'application/json',
    accept: 'application/json',
    ...request.headers,
  }
  if (options.clientId) result[headers.clientId] = options.clientId
  const analyticsId = await options.getAnalyticsId?.()
  if (analyticsId) result[headers.analyticsId] = analyticsId
  const token = request.accessToken !== undefined ? request.accessToken : request.auth ? await options.getAccessToken?.() : null
  if (token) result.authorization = `Bearer ${token}`
  return result
}

/** One fetch, ended by its timeout, the caller's signal or the client's; its failure says which. */
async function fetchOnce(
  options: TransportOptions,
  timeoutMs: number,
  url: string,
  init: RequestInit,
  callerSignal: AbortSignal | undefined,
): Promise<Response> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const abort = () => controller.abort()
  const signals = [callerSignal, options.signal].filter((s): s is AbortSignal => s !== undefined)
  for (const signal of signals) {
    if (signal.aborted) controller.abort()
    else signal.addEventListener('abort', abort, { once: true })
  }
  try {
    return await (options.fetch ?? globalThis.fetch)(url, { ...init, signal: controller.signal })
  } catch (error) {
    if (timedOut) throw requestTimeoutError(error)
    if (controller.signal.aborted) throw requestAbortedError(error)
    throw networkError(error)
  } finally {
    clearTimeout(timer)
    for (const signal of signals) signal.removeEventListener('abort', abort)
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '')
const queryString = (query: Record<string, string> | undefined) => (query ? `?${new URLSearchParams(query)}` : '')

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  return text ? JSON.parse(text) : {}
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(requestAbortedError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    function onAbort() {
      clearTimeout(timer)
      reject(requestAbortedError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
