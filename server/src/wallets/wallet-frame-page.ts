import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { Hono, type Context } from 'hono'
import { getApp } from '../apps/store.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { notFound } from '../http/api-error.js'

/** The page id `src/frame` reads its settings from. */
export const FRAME_CONFIG_ELEMENT_ID = 'tessera-frame-config'
export const FRAME_NOT_BUILT = 'The wallet frame is not built: run npm run build'

const assetTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}
/** A plain file name: no separators, no leading dot (so no '..'). */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/
/** Origin patterns that are safe inside a CSP source list (no spaces, quotes, ';' or ','). */
const CSP_SOURCE = /^https?:\/\/[A-Za-z0-9.*[\]:-]+$/

/** The Drive API origin the frame keeps backups with, when the app offers Google Drive recovery. */
function googleDriveOrigin(app: AppRecord | null): string | null {
  if (!app?.embeddedWallets.userOwnedRecoveryOptions.includes('google-drive')) return null
  const origin = URL.parse(app.embeddedWallets.googleDriveApiUrl)?.origin
  return origin && CSP_SOURCE.test(origin) ? origin : null
}

/** Only the app's allowed origins may frame the wallet (docs/security.md #39); none → nobody. It may call its own API and Drive. */
export function frameContentSecurityPolicy(app: AppRecord | null): string {
  const ancestors = app?.allowedOrigins.filter((origin) => CSP_SOURCE.test(origin)) ?? []
  const drive = googleDriveOrigin(app)
  return [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src 'self'${drive ? ` ${drive}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ')
}

function setFrameHeaders(c: Context, app: AppRecord | null): void {
  c.header('Content-Security-Policy', frameContentSecurityPolicy(app))
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Referrer-Policy', 'no-referrer')
}

/** The built page with the app's settings as a JSON block (escaped so no value can close the script element). */
export function injectFrameConfig(html: string, app: AppRecord): string {
  const drive = googleDriveOrigin(app) && app.embeddedWallets.googleDriveApiUrl
  // The frame creates and imports through the wallet API when the app's wallets are server-managed.
  const serverWallets = app.embeddedWallets.mode === 'user-controlled-server-wallets-only' && { embedded_wallets_mode: app.embeddedWallets.mode }
  const json = JSON.stringify({ app_id: app.id, allowed_origins: app.allowedOrigins, ...(drive && { google_drive_api_url: drive }), ...serverWallets }).replace(
    /</g,
    '\\u003c',
  )
  const block = `<script type="application/json" id="${FRAME_CONFIG_ELEMENT_ID}">${json}</script>`
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`
}

const readOrNull = (path: string) =>
  readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return null
    throw error
  })

/**
 * `GET /apps/:app_id/embedded-wallets` (and `/export`): the wallet frame's page, and `GET /embedded-wallets/assets/:file`:
 * its scripts (the frame is built with base '/embedded-wallets/'). Both under a strict CSP framed only by the app's origins.
 */
export function walletFramePageRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  const page = (file: string) => async (c: Context) => {
    const appId = c.req.param('app_id') ?? ''
    const app = appId.length <= 100 ? await getApp(ctx.db, appId) : null
    if (!app) throw notFound('App not found')
    const html = await readOrNull(join(ctx.walletFrameDir, file))
    if (!html) return c.text(FRAME_NOT_BUILT, 503)
    setFrameHeaders(c, app)
    c.header('Cache-Control', 'no-store')
    return c.html(injectFrameConfig(html.toString('utf8'), app))
  }
  routes.get('/apps/:app_id/embedded-wallets', page('index.html'))
  // The key export frame (funding spec): its own page of the same build, under the same CSP and frame-ancestors.
  routes.get('/apps/:app_id/embedded-wallets/export', page('export/export.html'))

  routes.get('/embedded-wallets/assets/:file', async (c) => {
    const file = c.req.param('file')
    const type = assetTypes[extname(file)]
    if (!ASSET_NAME.test(file) || !type) throw notFound()
    const body = await readOrNull(join(ctx.walletFrameDir, 'assets', file))
    if (!body) {
      if (!(await readOrNull(join(ctx.walletFrameDir, 'index.html')))) return c.text(FRAME_NOT_BUILT, 503)
      throw notFound()
    }
    setFrameHeaders(c, null)
    // Built asset names carry a content hash.
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    c.header('Content-Type', type)
    return c.body(new Uint8Array(body))
  })

  return routes
}
