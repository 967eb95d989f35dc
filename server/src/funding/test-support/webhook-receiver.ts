/** A local endpoint that records the webhook deliveries it receives (raw body and headers), for stand-in tests. */
import { readText, startLocalServer } from './http.js'

export interface ReceivedWebhook {
  path: string
  body: string
  headers: Record<string, string>
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The next `count` deliveries are answered 500 (the sender should retry). */
  failNext(count: number): void
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  let failures = 0
  const server = await startLocalServer(async (request, response, url) => {
    const body = await readText(request)
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
    received.push({ path: url.pathname, body, headers })
    const fail = failures > 0
    if (fail) failures--
    response.writeHead(fail ? 500 : 200).end()
  })
  return {
    url: server.url,
    received,
    failNext: (count) => {
      failures = count
    },
    close: server.close,
  }
}
