/** One JSON-RPC call to a chain's RPC through viem's HTTP transport; an RPC error keeps its code (e.g. -32000) for the caller. */
import { HttpRequestError, http, RpcRequestError, type BaseError, type EIP1193RequestFn } from 'viem'
import { ProviderRpcError } from './provider-rpc-error.js'

/** How long an RPC has to answer (viem's default); a stalled node must not hang a confirmation. */
const RPC_TIMEOUT_MS = 10_000

export async function callJsonRpc<T>(url: string, method: string, params: unknown[], fetchImpl: typeof fetch = globalThis.fetch): Promise<T> {
  // No retries here: the callers poll or surface the failure themselves.
  const { request } = http(url, { fetchFn: fetchImpl, retryCount: 0, timeout: RPC_TIMEOUT_MS })({})
  try {
    return (await (request as EIP1193RequestFn)({ method, params } as never)) as T
  } catch (error) {
    throw providerRpcError(error as BaseError)
  }
}

/** viem wraps the node's error (RpcRequestError) in a class per code: the original code, message and data are what callers read. */
function providerRpcError(error: BaseError): ProviderRpcError {
  const find = <E>(type: abstract new (...args: never[]) => E) => (error.walk?.((cause) => cause instanceof type) ?? null) as E | null
  const rpc = find(RpcRequestError)
  if (rpc) return new ProviderRpcError(rpc.code, rpc.details, rpc.data)
  const status = find(HttpRequestError)?.status
  return new ProviderRpcError(-32603, status ? `RPC request failed with status ${status}` : 'RPC request failed')
}
