/**
 * Webhook delivery as the providers do it: a JSON POST per event, in the order the events happened, retried a few
 * times when the receiver does not answer 2xx (so a receiver sees duplicates now and then, as documented). Every
 * attempt is recorded for tests.
 */
export interface WebhookAttempt {
  url: string
  body: string
  headers: Record<string, string>
  status: number | null
  error?: string
}

export interface WebhookSender {
  attempts: WebhookAttempt[]
  /** Queues the delivery of `body` with `sign(body)`'s headers, signed at send time. */
  send(url: string, body: string, sign: (body: string) => Record<string, string>): void
  /** Resolves once every queued delivery finished (delivered or given up). */
  settled(): Promise<void>
}

const MAX_ATTEMPTS = 3
const RETRY_DELAY_MS = 200

export function createWebhookSender(): WebhookSender {
  const attempts: WebhookAttempt[] = []
  let queue: Promise<void> = Promise.resolve()

  async function attempt(url: string, body: string, headers: Record<string, string>): Promise<boolean> {
    const record: WebhookAttempt = { url, body, headers, status: null }
    attempts.push(record)
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) })
      record.status = response.status
      await response.body?.cancel()
      return response.ok
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error)
      return false
    }
  }

  async function deliver(url: string, body: string, sign: (body: string) => Record<string, string>): Promise<void> {
    for (let tries = 1; tries <= MAX_ATTEMPTS; tries++) {
      if (await attempt(url, body, { 'content-type': 'application/json', ...sign(body) })) return
      if (tries < MAX_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * tries))
    }
  }

  return {
    attempts,
    send(url, body, sign) {
      queue = queue.then(() => deliver(url, body, sign))
    },
    settled: () => queue,
  }
}
