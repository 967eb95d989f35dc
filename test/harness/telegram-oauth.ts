/**
 * A local stand-in for Telegram's login widget host (oauth.telegram.org), for end-to-end tests and `npm start`.
 * It speaks the widget's protocol (telegram.org/js/telegram-widget.js): `GET /auth?bot_id&origin&request_access&lang`
 * shows a consent page; on 'Accept' the popup posts `{"event":"auth_result","result":{...}}` (a JSON string) to its
 * opener at `origin` and closes, or with `return_to` the browser goes there with the signed fields in the query.
 * Results are signed exactly as Telegram signs them (core.telegram.org/widgets/login#checking-authorization):
 * HMAC-SHA256 over the sorted `key=value` lines, keyed with SHA-256 of the bot token. A person types the account
 * (id, names, username) into the page, so tests choose fresh users.
 */
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TelegramBot {
  botId: string
  botName: string
  botToken: string
}

export interface TelegramOAuthStandIn {
  /** The widget host to give the client (`telegramOAuthUrl`). */
  url: string
  close(): Promise<void>
}

export type TelegramFields = Record<string, string | number>

/** Telegram's data-check-string: every field but `hash`, sorted by name, as `key=value` lines. */
const dataCheckString = (fields: TelegramFields) =>
  Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')

/** A Login Widget result for `user`, signed with the bot token the way Telegram does. */
export function signWidgetResult(user: TelegramFields, botToken: string, authDate = Math.floor(Date.now() / 1000)): TelegramFields {
  const fields = { ...user, auth_date: authDate }
  const secret = createHash('sha256').update(botToken).digest()
  return { ...fields, hash: createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex') }
}

/** Mini App `initData` (a query string) for `user`, signed the Web App way: key = HMAC("WebAppData", bot token). */
export function signWebAppInitData(user: Record<string, unknown>, botToken: string, authDate = Math.floor(Date.now() / 1000)): string {
  const fields: TelegramFields = { query_id: 'AAH-tessera-e2e', user: JSON.stringify(user), auth_date: authDate }
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const hash = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex')
  return new URLSearchParams({ ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])), hash }).toString()
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
/** JSON inside a <script>: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

function page(response: ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`)
}

/** An http(s) origin (no path), as the widget script sends `location.origin`. */
function parseOrigin(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? url.origin : null
  } catch {
    return null
  }
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let text = ''
  for await (const chunk of request) {
    text += String(chunk)
    if (text.length > 16_384) throw new Error('body too large')
  }
  return new URLSearchParams(text)
}

export async function startTelegramOAuth(options: { bots: TelegramBot[]; host?: string; port?: number }): Promise<TelegramOAuthStandIn> {
  const bots = new Map(options.bots.map((bot) => [bot.botId, bot]))
  let nextUserId = 700_000_000 + Math.floor(Math.random() * 100_000_000)

  /** The request a consent page or its answer carries; null (and a 400 page) when it is not one Telegram would serve. */
  function widgetRequest(params: URLSearchParams, response: ServerResponse) {
    const bot = bots.get(params.get('bot_id') ?? '')
    const origin = parseOrigin(params.get('origin'))
    const returnTo = params.get('return_to')
    if (!bot) return void page(response, 400, 'Bot invalid', '<p>Bot domain invalid</p>')
    if (!origin) return void page(response, 400, 'Origin required', '<p>Origin required</p>')
    // Telegram only sends a result back to the origin the widget was opened from.
    if (returnTo && parseOrigin(safeOrigin(returnTo)) !== origin) return void page(response, 400, 'Bad return address', '<p>return_to must be on origin</p>')
    return { bot, origin, returnTo }
  }

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) page(response, 400, 'Bad request', '<p>Bad request</p>')
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    if (request.method === 'GET' && url.pathname === '/auth') {
      const widget = widgetRequest(url.searchParams, response)
      if (!widget) return
      const hidden = (['bot_id', 'origin', 'return_to'] as const)
        .map((name) => [name, url.searchParams.get(name)] as const)
        .filter(([, value]) => value !== null)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
        .join('')
      const field = (name: string, label: string, value: string) => `<p><label>${label} <input name="${name}" value="${escapeHtml(value)}"></label></p>`
      return page(
        response,
        200,
        `Log in to ${widget.bot.botName}`,
        `
        <h1>Log in to ${escapeHtml(widget.bot.botName)}</h1>
        <p><strong>${escapeHtml(new URL(widget.origin).host)}</strong> wants to log in on its site with your Telegram account.</p>
        <form method="post" action="/auth/answer">${hidden}
          ${field('id', 'Telegram id', String(nextUserId++))}
          ${field('first_name', 'First name', 'Tess')}
          ${field('last_name', 'Last name', 'Gram')}
          ${field('username', 'Username', '')}
          <button type="submit" name="answer" value="accept">Accept</button>
          <button type="submit" name="answer" value="decline">Decline</button>
        </form>`,
      )
    }
    if (request.method === 'POST' && url.pathname === '/auth/answer') {
      const form = await formBody(request)
      const widget = widgetRequest(form, response)
      if (!widget) return
      const accepted = form.get('answer') === 'accept'
      const id = Number(form.get('id'))
      if (accepted && !(Number.isSafeInteger(id) && id > 0)) return page(response, 400, 'Bad id', '<p>The Telegram id must be a positive integer</p>')
      const profile: TelegramFields = { id }
      for (const name of ['first_name', 'last_name', 'username']) {
        const value = form.get(name)?.trim()
        if (value) profile[name] = value
      }
      const result = accepted ? signWidgetResult(profile, widget.bot.botToken) : false
      if (widget.returnTo) {
        const back = new URL(widget.returnTo)
        if (result) for (const [key, value] of Object.entries(result)) back.searchParams.set(key, String(value))
        response.writeHead(302, { location: back.href })
        return void response.end()
      }
      return page(
        response,
        200,
        'Telegram',
        `<p>${accepted ? 'Logged in.' : 'Declined.'}</p><script>
        if (window.opener) window.opener.postMessage(JSON.stringify({ event: 'auth_result', result: ${scriptJson(result)}, origin: location.origin }), ${scriptJson(widget.origin)});
        window.close();
      </script>`,
      )
    }
    page(response, 404, 'Not found', '<p>Not found</p>')
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}
