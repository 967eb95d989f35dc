/** JSON-RPC 2.0 error answers of the chain relay (codes of the JSON-RPC spec and EIP-1474). */
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type JsonRpcId = string | number | null

export class RelayError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly rpcCode: number,
    message: string,
    readonly id: JsonRpcId = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'RelayError'
  }

  toBody() {
    return { jsonrpc: '2.0' as const, id: this.id, error: { code: this.rpcCode, message: this.message } }
  }
}

export const parseError = () => new RelayError(400, -32700, 'Parse error: the body must be one JSON-RPC 2.0 request')
export const invalidRequest = (message: string, id: JsonRpcId = null) => new RelayError(400, -32600, `Invalid request: ${message}`, id)
export const methodNotAllowed = (method: string, id: JsonRpcId) => new RelayError(403, -32601, `Method not allowed through this relay: ${method}`, id)
export const unknownChain = (what: string) => new RelayError(404, -32602, `This app has no RPC for ${what}`)
export const requestTooLarge = (maxBytes: number) => new RelayError(413, -32600, `Invalid request: larger than ${maxBytes} bytes`)
export const relayRateLimited = (retryAfter: string) =>
  new RelayError(429, -32005, 'Limit exceeded: too many RPC requests, try again later', null, { 'Retry-After': retryAfter })
// The upstream's own message could carry its URL (and a key in it): never passed on.
export const upstreamUnavailable = (id: JsonRpcId) => new RelayError(502, -32603, "The chain's RPC could not be reached", id)
