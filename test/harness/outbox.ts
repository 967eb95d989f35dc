/** Reads one-time codes from the dev server's outbox (`GET /dev/outbox.json`, newest first). */
export interface OutboxMessage {
  to: string
  channel: string
  code: string
  subject: string
  text: string
  sent_at: string | number
}

export async function readOutbox(apiUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(new URL('/dev/outbox.json', apiUrl))
  if (!response.ok) throw new Error(`GET /dev/outbox.json answered ${response.status}`)
  return (await response.json()) as OutboxMessage[]
}

/**
 * Waits for a message to `to` that was not in the outbox before (pass the count of earlier
 * messages to that address when a second code is expected) and returns its code.
 */
export async function waitForCode(apiUrl: string, to: string, { previousCount = 0, timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const messages = (await readOutbox(apiUrl)).filter((message) => message.to === to)
    const newest = messages[0]
    if (newest && messages.length > previousCount) return newest.code
    if (Date.now() > deadline) throw new Error(`No code for ${to} in the outbox after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
