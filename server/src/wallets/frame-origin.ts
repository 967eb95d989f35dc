import type { Context } from 'hono'
import { delegationRoutes, embeddedWalletRoutes } from '../../../src/protocol/index.js'

/** The share endpoints (and delegation, which takes a share): only the wallet frame, served from this server's origin, calls them from a browser. */
export const isWalletShareApiPath = (path: string) =>
  path === embeddedWalletRoutes.create.path || path.startsWith(`${embeddedWalletRoutes.create.path}/`) || path === delegationRoutes.delegate.path

/** This server's origin as the browser sees it (where the frame page is served); behind a trusted proxy, its forwarded host and scheme. */
export function ownOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url)
  const forwarded = (name: string) => (trustProxy ? c.req.header(name)?.split(',')[0]?.trim() || null : null)
  const scheme = forwarded('x-forwarded-proto') ?? url.protocol.slice(0, -1)
  return `${scheme}://${forwarded('x-forwarded-host') ?? url.host}`
}
