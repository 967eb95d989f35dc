/**
 * One JSON-RPC 2.0 request relayed to an app's configured chain RPC: validated, its method checked against the
 * family's allowlist, re-encoded (only `jsonrpc`, `id`, `method`, `params` go upstream) and the upstream's `result`
 * or `error` answered under the caller's id. Batches are refused: the client sends single requests.
 */
import { invalidRequest, methodNotAllowed, parseError, upstreamUnavailable, type JsonRpcId } from './relay-errors.js'

/** Upper bound on one upstream call: a hung node must not hold the request (and its socket) for long. */
export const UPSTREAM_TIMEOUT_MS = 15_000
/** Larger upstream answers (e.g. unbounded eth_getLogs) are refused rather than buffered. */
export const MAX_UPSTREAM_RESPONSE_BYTES = 4 * 1024 * 1024

export interface RelayDeps {
  upstreamUrl: string
  methods: ReadonlySet<string>
  fetch?: typeof fetch
}

export interface JsonRpcRequest {
  id: JsonRpcId
  method: string
  params?: unknown[] | Record<string, unknown>
}

export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcId } & ({ result: unknown } | { error: { code: number; message: string; data?: unknown } })

export async function relayJsonRpc(deps: RelayDeps, bodyText: string): Promise<JsonRpcAnswer> {
  const request = parseJsonRpcRequest(bodyText)
  if (!deps.methods.has(request.method)) throw methodNotAllowed(request.method, request.id)
  const upstream = await callUpstream(deps, request)
  if ('error' in upstream) return { jsonrpc: '2.0', id: request.id, error: upstream.error }
  return { jsonrpc: '2.0', id: request.id, result: upstream.result }
}

export function parseJsonRpcRequest(bodyText: string): JsonRpcRequest {
  let body: unknown
  try {
    body = JSON.parse(bodyText)
  } catch {
    throw parseError()
  }
  if (Array.isArray(body)) throw invalidRequest('batch requests are not supported')
  if (typeof body !== 'object' || body === null) throw invalidRequest('not a JSON-RPC request object')
  const { jsonrpc, id, method, params } = body as Record<string, unknown>
  const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  const requestId = validId ? ((id ?? null) as JsonRpcId) : null
  if (!validId) throw invalidRequest('id must be a string, a number or null')
  if (jsonrpc !== '2.0') throw invalidRequest('jsonrpc must be "2.0"', requestId)
  if (typeof method !== 'string' || method.length === 0 || method.length > 100) throw invalidRequest('method must be a method name', requestId)
  if (params !== undefined && (typeof params !== 'object' || params === null)) throw invalidRequest('params must be an array or an object', requestId)
  return { id: requestId, method, ...(params !== undefined && { params: params as JsonRpcRequest['params'] }) }
}

async function callUpstream(
  deps: RelayDeps,
  request: JsonRpcRequest,
): Promise<{ result: unknown } | { error: { code: number; message: string; data?: unknown } }> {
  const fetchImpl = deps.fetch ?? globalThis.fetch
  let answer: unknown
  try {
    const response = await fetchImpl(deps.upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, ...(request.params !== undefined && { params: request.params }) }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    })
    const text = await response.text()
    if (text.length > MAX_UPSTREAM_RESPONSE_BYTES) throw upstreamUnavailable(request.id)
    answer = JSON.parse(text)
  } catch {
    throw upstreamUnavailable(request.id)
  }
  return upstreamOutcome(answer, request.id)
}

/** The upstream's `result`, or its error with a numeric code and a string message; anything else is no answer. */
function upstreamOutcome(answer: unknown, id: JsonRpcId): { result: unknown } | { error: { code: number; message: string; data?: unknown } } {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw upstreamUnavailable(id)
  const { result, error } = answer as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
  if (error && typeof error === 'object' && typeof error.code === 'number' && typeof error.message === 'string') {
    return { error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) } }
  }
  if ('result' in (answer as object)) return { result }
  throw upstreamUnavailable(id)
}
