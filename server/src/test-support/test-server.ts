import { openDatabase } from '../db/open.js'
import type { Db } from '../db/types.js'
import { upsertApp } from '../apps/store.js'
import type { AppInput, AppRecord } from '../apps/types.js'
import type { StartServerOptions } from '../config.js'
import { startServer, type RunningServer, type ServerOverrides } from '../server.js'
import { CaptureDelivery } from './capture-delivery.js'
import { countingDb, type CountingDb } from './counting-db.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'
import { lazyTestSigner } from './test-signer.js'
import { TestClock } from './test-clock.js'

export interface ApiResponse<Body = any> {
  status: number
  body: Body
  headers: Headers
}

export interface CallOptions {
  method?: string
  body?: unknown
  /** Sent verbatim instead of JSON-encoding `body`. */
  rawBody?: string
  token?: string
  /** Defaults to the test app; null omits the header. */
  appId?: string | null
  headers?: Record<string, string>
}

export interface TestServer {
  url: string
  db: Db
  clock: TestClock
  inbox: CaptureDelivery
  app: AppRecord
  /** With `countStatements`: the statements sent through `db` (the server's database) so far. */
  counting?: CountingDb
  server: RunningServer
  call<Body = any>(path: string, options?: CallOptions): Promise<ApiResponse<Body>>
  createApp(input: AppInput): Promise<AppRecord>
  /** Sends a code to `email` and signs in with it. */
  login(email: string, appId?: string): Promise<ApiResponse>
  close(): Promise<void>
}

export const TEST_ORIGIN = 'http://allowed.test:3000'

export interface TestServerOptions {
  server?: StartServerOptions
  overrides?: Omit<ServerOverrides, 'db'>
  app?: AppInput
  /** Use the configured delivery (dev outbox, or SMTP from SMTP_URL) instead of the in-memory capture. */
  realDelivery?: boolean
  /** Count the statements the server (and the test, through `db`) sends: `counting`. */
  countStatements?: boolean
}

/** A real server on an ephemeral loopback port over a fresh database, with a movable clock and a test app. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database: TestDatabase = await createTestDatabase()
  const opened = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
  const counting = options.countStatements ? countingDb(opened) : undefined
  const db = counting?.db ?? opened
  const clock = new TestClock()
  const inbox = new CaptureDelivery()
  const app = await upsertApp(db, { name: 'Test App', allowedOrigins: [TEST_ORIGIN], ...options.app }, clock.now())
  const signer = options.overrides?.signer ?? lazyTestSigner(database)
  const server = await startServer(
    {
      port: 0,
      quiet: true,
      rateLimits: {
        initPerIp: { max: 10_000, windowSeconds: 60 },
        authenticatePerIp: { max: 10_000, windowSeconds: 60 },
        challengesPerIp: { max: 10_000, windowSeconds: 60 },
        refreshesPerIp: { max: 10_000, windowSeconds: 60 },
      },
      ...options.server,
    },
    { clock, db, signer, ...(options.realDelivery ? {} : { delivery: inbox }), ...options.overrides },
  )
  const call = async (path: string, call: CallOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...call.headers }
    const appId = call.appId === undefined ? app.id : call.appId
    if (appId !== null) headers['privy-app-id'] = appId
    if (call.token) headers.authorization = `Bearer ${call.token}`
    const method = call.method ?? (call.body === undefined && call.rawBody === undefined ? 'GET' : 'POST')
    const response = await fetch(server.url + path, {
      method,
      headers,
      body: call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      /* non-JSON body stays text */
    }
    return { status: response.status, body, headers: response.headers }
  }
  return {
    url: server.url,
    db,
    clock,
    inbox,
    app,
    counting,
    server,
    call,
    createApp: (input) => upsertApp(db, input, clock.now()),
    async login(email, appId = app.id) {
      const init = await call('/api/v1/passwordless/init', { body: { email }, appId })
      if (init.status !== 200) throw new Error(`init failed: ${init.status} ${JSON.stringify(init.body)}`)
      return call('/api/v1/passwordless/authenticate', { body: { email, code: inbox.lastCode(email) }, appId })
    },
    async close() {
      await server.close()
      if (!options.overrides?.signer) await signer.close()
      await db.close()
      await database.dispose()
    },
  }
}
