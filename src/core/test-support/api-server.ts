/** A real HTTP server on loopback that answers like the API, for core tests. */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
  at: number
}

export interface FakeResponse {
  status?: number
  body?: unknown
  /** Sent as is instead of JSON. */
  raw?: string
  /** Wait before answering (timeouts). */
  delayMs?: number
}

export type FakeHandler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>

export interface FakeApi {
  url: string
  requests: RecordedRequest[]
  handle(handler: FakeHandler): void
  /** Requests to one path. */
  calls(path: string): RecordedRequest[]
  close(): Promise<void>
}

const relayPath = /^\/api\/v1\/apps\/[^/]+\/rpc\/(evm|solana)\/([^/?]+)$/

/**
 * The chain relay as the API answers it (server/src/rpc): a request is passed to the RPC the app config served last
 * named for that chain or cluster, so client tests on local chains run through the same URLs as against the server.
 */
function chainRelay() {
  const upstreams = new Map<string, string>()
  return {
    learn(path: string, body: unknown) {
      if (!/^\/api\/v1\/apps\/[^/]+$/.test(path) || typeof body !== 'object' || body === null) return
      const { chains, solana_clusters: clusters } = body as {
        chains?: { id: number; rpc_url: string }[]
        solana_clusters?: { name: string; rpc_url: string }[]
      }
      for (const chain of chains ?? []) upstreams.set(`evm/${chain.id}`, chain.rpc_url)
      for (const cluster of clusters ?? []) upstreams.set(`solana/${cluster.name}`, cluster.rpc_url)
    },
    async answer(path: string, text: string): Promise<{ status: number; text: string } | null> {
      const match = relayPath.exec(path)
      if (!match) return null
      const upstream = upstreams.get(`${match[1]}/${decodeURIComponent(match[2]!)}`)
      if (!upstream) return { status: 404, text: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'This app has no RPC for it' } }) }
      const response = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
      return { status: response.status, text: await response.text() }
    },
  }
}

export async function startFakeApi(handler: FakeHandler = () => ({ body: {} })): Promise<FakeApi> {
  let current = handler
  const requests: RecordedRequest[] = []
  const relay = chainRelay()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const relayed = await relay.answer(req.url ?? '', text).catch(() => ({ status: 502, text: '{}' }))
      if (relayed) {
        res.writeHead(relayed.status, { 'content-type': 'application/json' })
        return void res.end(relayed.text)
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
        at: Date.now(),
      }
      requests.push(recorded)
      const response = await current(recorded)
      if (recorded.method === 'GET') relay.learn(recorded.path, response.body)
      if (response.delayMs) await new Promise((resolve) => setTimeout(resolve, response.delayMs))
      if (res.destroyed) return
      res.writeHead(response.status ?? 200, { 'content-type': 'application/json' })
      res.end(response.raw ?? JSON.stringify(response.body ?? {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => void (current = next),
    calls: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
