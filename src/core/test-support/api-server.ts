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

export async function startFakeApi(handler: FakeHandler = () => ({ body: {} })): Promise<FakeApi> {
  let current = handler
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
        at: Date.now(),
      }
      requests.push(recorded)
      const response = await current(recorded)
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
