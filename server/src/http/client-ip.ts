import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The caller's IP: the socket address, or the first X-Forwarded-For hop when the server sits behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null // no socket (e.g. an in-process request): callers fail closed
  }
}
