import type pg from 'pg'
import type { NoticeHandlers } from './types.js'

const RECONNECT_DELAY_MS = 1_000

/**
 * Keeps one connection of its own LISTENing on `channel` (a pooled one would drop it), reconnecting after a loss.
 * `onListening(false)` tells that notices may be missed until the next `onListening(true)`.
 */
export function listenForNotices(connect: () => pg.Client, channel: string, handlers: NoticeHandlers): { stop(): Promise<void> } {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Unsafe channel name '${channel}'`)
  let stopped = false
  let current: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  const dropped = (client: pg.Client) => {
    if (current !== client) return
    current = undefined
    handlers.onListening(false)
    client.end().catch(() => {})
    if (!stopped) retry = setTimeout(start, RECONNECT_DELAY_MS).unref()
  }
  const start = async () => {
    const client = connect()
    current = client
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotice(message.payload ?? '')
    })
    client.on('error', () => dropped(client))
    client.on('end', () => dropped(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
      if (current === client) handlers.onListening(true)
    } catch {
      dropped(client)
    }
  }
  void start()
  return {
    stop: async () => {
      stopped = true
      clearTimeout(retry)
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}
