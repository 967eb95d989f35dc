import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { tooManyRequests } from './api-error.js'

/**
 * The caller's IP: the socket address, or behind the one trusted proxy the last X-Forwarded-For entry, the address
 * that proxy appended (entries before it are whatever the client sent, so they never pick a rate-limit bucket).
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null // no socket (e.g. an in-process request): callers fail closed
  }
}

/** The caller's IP for per-IP limits, which fail closed: without a derivable address the request gets a 429. */
export function requireClientIp(c: Context, trustProxy: boolean): string {
  const ip = clientIp(c, trustProxy)
  if (!ip) throw tooManyRequests(60)
  return ip
}
