/**
 * The small HTTP kit the provider stand-ins share: a loopback server whose handler may throw (a bad request answers
 * 400, never a dropped socket), bounded body reading, JSON and HTML answers, and the page frame their hosted pages
 * use (a heading, the text, and forms whose buttons are real, keyboard-usable buttons).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LocalServer {
  url: string
  port: number
  close(): Promise<void>
}

/** A handler's way of refusing a request with a status and a JSON body. */
export class HttpAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`)
  }
}

export type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>

export async function startLocalServer(handler: Handler, options: { host?: string; port?: number } = {}): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? host}`)
    handler(request, response, url).catch((error: unknown) => {
      if (response.headersSent) return void response.destroy()
      if (error instanceof HttpAnswer) return sendJson(response, error.status, error.body, error.headers)
      sendJson(response, 400, { message: 'Bad request' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const maxBodyBytes = 64 * 1024

export async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) throw new HttpAnswer(413, { message: 'Request body too large' })
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readText(request)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpAnswer(400, { message: 'Invalid JSON body' })
  }
}

export const readForm = async (request: IncomingMessage) => new URLSearchParams(await readText(request))

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
  response.end(JSON.stringify(body))
}

/** Lets any page read the answer (the browser polls some provider APIs directly). */
export function allowAnyOrigin(request: IncomingMessage, response: ServerResponse): boolean {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-headers', 'content-type, authorization, x-api-key')
  response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
  if (request.method !== 'OPTIONS') return false
  response.writeHead(204).end()
  return true
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A hidden form field, escaped. */
export const hiddenField = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`

/** A definition list of what is being bought, escaped. */
export const summaryList = (rows: [label: string, value: string][]) =>
  `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd data-row="${escapeHtml(label)}">${escapeHtml(value)}</dd>`).join('')}</dl>`

const pageStyle =
  'body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}dd{margin:0;word-break:break-all}' +
  'button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem}[role=status]{font-weight:600}'

/** A hosted page: `body` is trusted markup built with the helpers above. */
export function sendPage(response: ServerResponse, status: number, title: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers })
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${escapeHtml(title)}</title><style>${pageStyle}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  )
}

/** A page that only says something (an outcome or an error), as a status region assistive technology announces. */
export const sendMessagePage = (response: ServerResponse, status: number, title: string, message: string) =>
  sendPage(response, status, title, `<p role="status">${escapeHtml(message)}</p>`)
