/**
 * Serves the demo pages and the built library over plain HTTP: `/vanilla/` from demo/vanilla (and again at
 * `/server-wallets/` on the server-wallets app, when given),
 * `/shared/` from demo/shared, `/react/` from the built React demo, `/vue/` and `/svelte/` from theirs when given,
 * `/next/` forwarded to the Next.js demo's server when given, `/demo-config.js` with the app id and API URL,
 * `/demo-idp/*` (the demo identity provider, see demo-idp.ts), the dev chain's test tokens (`/dev-chain.json`, and
 * the dev-only faucets `POST /dev-chain/test-tokens` and `/dev-chain/test-funds`, see dev-tokens.ts), optionally a
 * Content-Security-Policy with its report endpoint `POST /csp-report`, and every other path from dist/ (so
 * `/tessera.js` is the script-tag build). Used by `npm start`, the end-to-end tests and the benchmark.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { createDemoIdp, type DemoIdp } from './demo-idp.js'
import type { DevTokens, TestTokensRequest } from './dev-tokens.js'
import { demoDir, distDir, reactDemoOutDir } from './paths.js'
import { viteDemoNames, viteDemos, type ViteDemoDirs } from './vite-demos.js'

export interface DemoConfig {
  appId: string
  apiUrl: string
  /** The Telegram login widget host the demo's client uses (the local stand-in). */
  telegramOAuthUrl?: string
}

export interface DemoServerOptions extends DemoConfig {
  /** The app `/server-wallets/` (the vanilla page again) uses: its wallets are server-managed. */
  serverWalletsAppId?: string
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** Directory holding the built React demo; `/react/` answers 404 with a hint when it is missing. */
  reactDemoDir?: string
  /** Directories holding the built Vite demos (framework-demos.ts); their paths answer 404 without them. */
  viteDemoDirs?: ViteDemoDirs
  /** The Next.js demo's server (basePath `/next`): `/next/` is forwarded to it. */
  nextDemoUrl?: string
  /** The local chains' test tokens: their addresses for the pages, and the faucet behind 'Get test tokens'. */
  devChain?: DevTokens
  /**
   * A Content-Security-Policy header on every response, with `report-uri /csp-report`: each violation report a page
   * posts there goes to `onReport` (the strict-CSP scenario counts them).
   */
  contentSecurityPolicy?: { policy: string; onReport(report: unknown): void }
}

export interface DemoServer {
  /** Base URL on the host it listens on, e.g. `http://127.0.0.1:5173`. */
  url: string
  port: number
  close(): Promise<void>
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Maps a URL path under `root`, refusing anything that would climb out of it. */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const base = root.replace(/[\\/]+$/, '')
  const path = normalize(join(base, decoded))
  if (path !== base && !path.startsWith(base + sep)) return null
  if (existsSync(path) && statSync(path).isDirectory()) return existsSync(join(path, 'index.html')) ? join(path, 'index.html') : null
  return existsSync(path) ? path : null
}

function indexPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tessera demos</title></head>
<body><h1>Tessera demos</h1><ul>
<li><a href="/vanilla/">Vanilla HTML: &lt;auth-modal&gt; by script tag</a></li>
<li><a href="/server-wallets/">The same page on an app whose wallets the server manages, their fees sponsored</a></li>
<li><a href="/react/">React: TesseraProvider and hooks</a></li>
${viteDemoNames.map((name) => `<li><a href="/${name}/">${viteDemos[name].link}</a></li>\n`).join('')}<li><a href="/next/">Next.js: TesseraProvider rendered on the server and hydrated</a></li>
</ul></body></html>`
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  response.end(body)
}

function sendFile(request: IncomingMessage, response: ServerResponse, path: string): void {
  response.writeHead(200, {
    'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
    'content-length': statSync(path).size,
    'cache-control': 'no-store',
  })
  if (request.method === 'HEAD') return void response.end()
  createReadStream(path).pipe(response)
}

const evmAddress = /^0x[0-9a-fA-F]{40}$/
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Passes the request to the Next.js demo's server as is (its basePath is `/next`, so the path stays). */
function forward(target: string, request: IncomingMessage, response: ServerResponse): void {
  const upstream = httpRequest(new URL(request.url ?? '/', target), { method: request.method, headers: request.headers }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers)
    answer.pipe(response)
  })
  upstream.on('error', (error) => {
    if (!response.headersSent) send(response, 502, 'text/plain', `The Next.js demo server did not answer: ${error.message}`)
    else response.destroy()
  })
  request.pipe(upstream)
}

/** Reads a small JSON body (the faucet's addresses, a violation report); null when it is not one. */
async function jsonBody(request: IncomingMessage, maxLength = 1024): Promise<unknown> {
  let text = ''
  for await (const chunk of request) {
    text += chunk
    if (text.length > maxLength) return null
  }
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** `POST /dev-chain/test-tokens` and `/dev-chain/test-funds` `{ ethereum?, solana? }`: gives those wallets test tokens or funds. */
async function runFaucet(give: (request: TestTokensRequest) => Promise<unknown>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = (await jsonBody(request)) as TestTokensRequest | null
  const valid =
    body !== null &&
    typeof body === 'object' &&
    (body.ethereum === undefined || (typeof body.ethereum === 'string' && evmAddress.test(body.ethereum))) &&
    (body.solana === undefined || (typeof body.solana === 'string' && solanaAddress.test(body.solana)))
  if (!valid) return send(response, 400, contentTypes['.json']!, JSON.stringify({ error: 'Expected { ethereum?: 0x address, solana?: base58 address }' }))
  try {
    send(response, 200, contentTypes['.json']!, JSON.stringify(await give({ ethereum: body.ethereum, solana: body.solana })))
  } catch (error) {
    send(response, 502, contentTypes['.json']!, JSON.stringify({ error: `Minting failed: ${(error as Error).message}` }))
  }
}

/**
 * `window.TESSERA_DEMO` for the page: the server-wallets app under `/server-wallets/` (decided by the page's path, so
 * an OAuth return to that path keeps it), the dev app elsewhere.
 */
function demoConfigScript(options: DemoServerOptions): string {
  const config: DemoConfig = {
    appId: options.appId,
    apiUrl: options.apiUrl,
    ...(options.telegramOAuthUrl ? { telegramOAuthUrl: options.telegramOAuthUrl } : {}),
  }
  if (!options.serverWalletsAppId) return `window.TESSERA_DEMO = ${JSON.stringify(config)};\n`
  const serverWallets = { ...config, appId: options.serverWalletsAppId, serverWallets: true }
  return `window.TESSERA_DEMO = location.pathname.startsWith('/server-wallets/') ? ${JSON.stringify(serverWallets)} : ${JSON.stringify(config)};\n`
}

function route(options: DemoServerOptions, idp: DemoIdp, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://demo.invalid')
  const { pathname } = url
  if (options.contentSecurityPolicy) {
    const { policy, onReport } = options.contentSecurityPolicy
    if (pathname === '/csp-report' && request.method === 'POST')
      return void jsonBody(request, 64 * 1024).then((report) => (onReport(report), send(response, 204, 'text/plain', '')))
    response.setHeader('content-security-policy', `${policy}; report-uri /csp-report`)
  }
  if (pathname === '/dev-chain/test-tokens' && request.method === 'POST' && options.devChain)
    return void runFaucet(options.devChain.giveTestTokens, request, response)
  if (pathname === '/dev-chain/test-funds' && request.method === 'POST' && options.devChain)
    return void runFaucet(options.devChain.giveTestFunds, request, response)
  if ((pathname === '/next' || pathname.startsWith('/next/')) && options.nextDemoUrl) return forward(options.nextDemoUrl, request, response)
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain', 'Method not allowed')
  if (pathname === '/') return send(response, 200, contentTypes['.html']!, indexPage())
  if (pathname === '/demo-idp/jwks.json') return send(response, 200, contentTypes['.json']!, JSON.stringify(idp.jwks))
  if (pathname === '/demo-idp/token') {
    const user = url.searchParams.get('user') ?? ''
    if (!/^[\w.@-]{1,64}$/.test(user))
      return send(response, 400, contentTypes['.json']!, JSON.stringify({ error: 'user must be 1-64 letters, digits, . _ @ or -' }))
    void idp.issue(user).then((token) => send(response, 200, contentTypes['.json']!, JSON.stringify({ token })))
    return
  }
  if (pathname === '/dev-chain.json') {
    if (!options.devChain) return send(response, 404, 'text/plain', 'This demo server has no dev chain')
    return send(response, 200, contentTypes['.json']!, JSON.stringify(options.devChain.info))
  }
  if (pathname === '/demo-config.js') return send(response, 200, contentTypes['.js']!, demoConfigScript(options))
  // Directory URLs need their trailing slash so relative asset paths resolve inside them.
  if (['/vanilla', '/server-wallets', '/react', ...viteDemoNames.map((name) => `/${name}`)].includes(pathname)) {
    response.writeHead(301, { location: `${pathname}/` })
    return void response.end()
  }
  let file: string | null
  const viteDemo = viteDemoNames.find((name) => pathname.startsWith(`/${name}/`))
  if (pathname.startsWith('/vanilla/')) file = fileUnder(join(demoDir, 'vanilla'), pathname.slice('/vanilla/'.length))
  else if (pathname.startsWith('/server-wallets/') && options.serverWalletsAppId)
    file = fileUnder(join(demoDir, 'vanilla'), pathname.slice('/server-wallets/'.length))
  else if (pathname.startsWith('/shared/')) file = fileUnder(join(demoDir, 'shared'), pathname.slice('/shared/'.length))
  else if (pathname.startsWith('/react/')) {
    const root = options.reactDemoDir ?? reactDemoOutDir
    if (!existsSync(root)) return send(response, 404, 'text/plain', 'The React demo has not been built: run `npm start`.')
    file = fileUnder(root, pathname.slice('/react/'.length)) ?? fileUnder(root, 'index.html')
  } else if (viteDemo && options.viteDemoDirs?.[viteDemo]) file = fileUnder(options.viteDemoDirs[viteDemo], pathname.slice(viteDemo.length + 2))
  else file = fileUnder(distDir, pathname.slice(1))
  if (!file) return send(response, 404, 'text/plain', 'Not found')
  sendFile(request, response, file)
}

export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1'
  const idp = await createDemoIdp(options.appId)
  const server = createServer((request, response) => route(options, idp, request, response))
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
