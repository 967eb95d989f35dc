import type { Context } from 'hono'

/** This server's origin as the browser sees it: behind a trusted proxy, from X-Forwarded-Proto/Host. */
export function publicOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url)
  if (!trustProxy) return url.origin
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
  return `${proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)}://${host || url.host}`
}

/** Our redirect URI at the provider: one per provider, so a response can only come back to the callback of the provider it was started for (RFC 9700 §4.4). */
export const callbackUrl = (origin: string, provider: string) => `${origin}/api/v1/oauth/callback/${provider}`
