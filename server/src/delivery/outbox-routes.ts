import { Hono } from 'hono'
import { DEV_APP_ID } from '../../../src/protocol/index.js'
import { getApp } from '../apps/store.js'
import type { ServerContext } from '../context.js'
import { cors } from '../http/cors.js'
import { readOutbox } from './dev-outbox.js'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/**
 * `GET /dev/outbox` (HTML) and `/dev/outbox.json`; mounted only in dev mode. Live codes: only the dev app's allowed
 * origins may read them cross-origin (the API's CORS rules); any other Origin gets 403 and no code (docs/security.md #64).
 */
export function outboxRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.use(
    '*',
    cors(async () => (await getApp(ctx.db, DEV_APP_ID))?.allowedOrigins ?? []),
  )
  routes.get('/outbox.json', async (c) => c.json(await readOutbox(ctx.db)))
  routes.get('/outbox', async (c) => {
    const entries = await readOutbox(ctx.db)
    const rows = entries
      .map(
        (e) =>
          `<tr><td>${new Date(e.sent_at * 1000).toISOString()}</td><td>${escapeHtml(e.channel)}</td><td>${escapeHtml(e.to)}</td><td><strong>${escapeHtml(e.code)}</strong></td><td>${escapeHtml(e.subject || e.text)}</td></tr>`,
      )
      .join('')
    return c.html(`<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Tessera dev outbox</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{padding:.3rem .8rem;border-bottom:1px solid #ddd;text-align:left}</style>
<h1>Dev outbox</h1><p>Codes sent in dev mode, newest first. This page refreshes every 5 s.</p>
<table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Code</th><th>Message</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}</tbody></table>`)
  })
  return routes
}
