/**
 * The server rows of `npm run bench`: refresh, code request, code sign-in and `/users/me` under a closed loop of
 * keep-alive connections (closed-loop.ts, in a worker thread), on the database `open` gives, with the statements the
 * server sent per request (server/src/test-support/counting-db.ts).
 */
import { Worker } from 'node:worker_threads'
import { upsertApp } from '../server/src/apps/store.js'
import type { Db } from '../server/src/db/types.js'
import type { KeyEncryptionKeys } from '../server/src/secrets/key-encryption-keys.js'
import { startServer } from '../server/src/server.js'
import { CaptureDelivery } from '../server/src/test-support/capture-delivery.js'
import type { LoopPlan, LoopRun } from './closed-loop.js'
import { benchPglite, benchPostgres } from './bench-databases.js'
import { countingDb } from '../server/src/test-support/counting-db.js'
import type { LoadWorkerData, LoadWorkerMessage } from './load-worker.js'
import { serverScenarioNames, type BenchSession, type ScenarioInput, type ServerScenarioName } from './server-scenarios.js'

export interface ServerRow {
  scenario: ServerScenarioName
  runs: LoopRun[]
  statementsPerRequest: number
}

/** Far above the measured load, so that the figures are the handlers' and not the limiter's (the counters still run). */
const unlimited = { max: 100_000_000, windowSeconds: 60 }
export const benchRateLimits = {
  resendCooldownSeconds: 0,
  sendsPerIdentifier: unlimited,
  sendsPerIdentifierCeiling: unlimited,
  initPerIp: unlimited,
  authenticatePerIp: unlimited,
  refreshesPerIp: unlimited,
}

/** Signs one bench user in with a code; `codeFor` reads the code the server sent. */
export async function signIn(baseUrl: string, appId: string, codeFor: (email: string) => string | Promise<string>, email: string): Promise<BenchSession> {
  const post = (path: string, body: unknown) =>
    fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', 'privy-app-id': appId }, body: JSON.stringify(body) })
  await (await post('/api/v1/passwordless/init', { email })).arrayBuffer()
  const response = await post('/api/v1/passwordless/authenticate', { email, code: await codeFor(email) })
  const body = (await response.json()) as { token?: string; refresh_token?: string; code?: string }
  if (!body.token || !body.refresh_token) throw new Error(`signing a bench user in answered ${response.status} ${body.code ?? ''}`)
  return { token: body.token, refreshToken: body.refresh_token }
}

/** Runs one row's load in a worker; the statements are read as each measured window starts and ends. */
export function runRow(data: LoadWorkerData, statements: () => number): Promise<ServerRow> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker-entry.mjs', import.meta.url), { workerData: data })
    let sent = 0
    let windowStart = 0
    worker.on('message', (message: LoadWorkerMessage) => {
      if (message.type === 'window' && message.event === 'start') windowStart = statements()
      else if (message.type === 'window') sent += statements() - windowStart
      else {
        const requests = message.runs.reduce((total, run) => total + run.requests, 0)
        resolve({ scenario: data.scenario, runs: message.runs, statementsPerRequest: sent / requests })
      }
    })
    worker.on('error', reject)
    worker.on('exit', (code) => code !== 0 && reject(new Error(`the load worker exited with ${code}`)))
  })
}

export async function measureServerThroughput(open: () => Promise<{ db: Db; keyEncryptionKeys: KeyEncryptionKeys }>, plan: LoopPlan): Promise<ServerRow[]> {
  const opened = await open()
  const { db, statements } = countingDb(opened.db)
  const delivery = new CaptureDelivery()
  try {
    const app = await upsertApp(db, { name: 'Bench', loginMethods: ['email'] }, Date.now())
    const server = await startServer(
      { port: 0, host: '127.0.0.1', quiet: true, rateLimits: benchRateLimits },
      { db, delivery, keyEncryptionKeys: opened.keyEncryptionKeys },
    )
    try {
      const runId = Date.now().toString(36)
      const sessions: BenchSession[] = []
      for (let connection = 0; connection < plan.connections; connection++)
        sessions.push(await signIn(server.url, app.id, (email) => delivery.lastCode(email), `bench-${runId}-user-${connection}@example.com`))
      const input: ScenarioInput = { appId: app.id, runId, sessions, codes: [] }
      const rows: ServerRow[] = []
      for (const scenario of serverScenarioNames) {
        // The codes the code-request row sent, each for a new address: the sign-in row signs those users up.
        if (scenario === 'code-sign-in')
          input.codes = delivery.messages
            .filter((message) => message.to.startsWith(`bench-${runId}-`) && !message.to.includes('-user-'))
            .map((message) => [message.to, message.code])
        rows.push(await runRow({ baseUrls: [server.url], scenario, input, plan }, statements))
      }
      return rows
    } finally {
      await server.close()
    }
  } finally {
    await db.close()
  }
}

/** The server rows on PGlite, then on a throwaway PostgreSQL. */
export async function measureServerOnBothDatabases(plan: LoopPlan, log: (line: string) => void): Promise<{ label: string; rows: ServerRow[] }[]> {
  const results: { label: string; rows: ServerRow[] }[] = []
  for (const start of [benchPglite, benchPostgres]) {
    const database = await start()
    try {
      log(`Loading the server on ${database.label}: ${plan.connections} connections, ${plan.runs} × ${plan.runMs / 1000} s per row...`)
      results.push({ label: database.label, rows: await measureServerThroughput(database.open, plan) })
    } finally {
      await database.dispose()
    }
  }
  return results
}
