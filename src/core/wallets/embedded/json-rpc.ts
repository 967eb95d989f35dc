/** One JSON-RPC call to a chain's RPC over fetch; an RPC error keeps its code (e.g. -32000) for the caller. */
import { ProviderRpcError } from './provider-rpc-error.js'

let nextId = 1

export async function callJsonRpc<T>(url: string, method: string, params: unknown[], fetchImpl: typeof fetch = globalThis.fetch): Promise<T> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  })
  const body = (await response.json().catch(() => null)) as { result?: T; error?: { code: number; message: string; data?: unknown } } | null
  if (body?.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  if (!response.ok || !body || !('result' in body)) throw new ProviderRpcError(-32603, `RPC request failed with status ${response.status}`)
  return body.result as T
}
