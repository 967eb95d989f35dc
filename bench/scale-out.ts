/**
 * The scale-out row of `npm run bench`: refreshes per second over one PostgreSQL served by 1, then 2 server processes
 * (server/src/test-support/server-processes.ts), the same closed loop split across them. On this 2-core machine the
 * processes, the load and PostgreSQL share two cores: the row shows what a second process adds, not a cluster's figure.
 */
import { randomBytes } from 'node:crypto'
import { upsertApp } from '../server/src/apps/store.js'
import { openDatabase } from '../server/src/db/open.js'
import { startServerProcess } from '../server/src/test-support/server-processes.js'
import { startThrowawayPostgres } from '../scripts/lib/throwaway-postgres.mjs'
import type { LoopPlan, LoopRun } from './closed-loop.js'
import { benchRateLimits, runRow, signIn } from './server-throughput.js'

export interface ScaleOutRow {
  processes: number
  runs: LoopRun[]
}

async function measureProcesses(databaseUrl: string, appId: string, processes: number, plan: LoopPlan): Promise<ScaleOutRow> {
  const env = { TESSERA_KEK: process.env.TESSERA_KEK }
  const servers = await Promise.all(Array.from({ length: processes }, () => startServerProcess(databaseUrl, benchRateLimits, env)))
  try {
    const runId = `${processes}p-${Date.now().toString(36)}`
    const sessions = await Promise.all(
      Array.from({ length: plan.connections }, (_, connection) => {
        const server = servers[connection % processes]!
        return signIn(server.url, appId, (email) => server.codeFor(email), `bench-${runId}-user-${connection}@example.com`)
      }),
    )
    const row = await runRow(
      { baseUrls: servers.map((server) => server.url), scenario: 'refresh', input: { appId, runId, sessions, codes: [] }, plan },
      () => 0,
    )
    return { processes, runs: row.runs }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

/** Refresh throughput with 1 and with 2 server processes on one throwaway PostgreSQL. */
export async function measureScaleOut(plan: LoopPlan, log: (line: string) => void): Promise<ScaleOutRow[]> {
  const postgres = await startThrowawayPostgres()
  // The processes open the signing keys with one key-encryption key.
  process.env.TESSERA_KEK ??= randomBytes(32).toString('base64url')
  try {
    const db = await openDatabase({ dataDir: '', databaseUrl: postgres.url })
    const app = await upsertApp(db, { name: 'Bench scale-out', loginMethods: ['email'] }, Date.now())
    await db.close()
    const rows: ScaleOutRow[] = []
    for (const processes of [1, 2]) {
      log(`Loading ${processes} server process${processes > 1 ? 'es' : ''} on one PostgreSQL: refresh, ${plan.connections} connections...`)
      rows.push(await measureProcesses(postgres.url, app.id, processes, plan))
    }
    return rows
  } finally {
    postgres.stop()
  }
}

export function printScaleOutTable(rows: ScaleOutRow[]): void {
  console.log('\nScale-out: refresh (POST /api/v1/sessions) on one PostgreSQL, the same closed loop split across the processes (figures per run)\n')
  console.log('| Server processes | req/s | p50 ms | p99 ms | errors |')
  console.log('|---|---|---|---|---|')
  const perRun = (row: ScaleOutRow, cell: (run: LoopRun) => string) => row.runs.map(cell).join(' / ')
  for (const row of rows) {
    console.log(
      `| ${row.processes} | ${perRun(row, (run) => run.requestsPerSecond.toFixed(0))} | ${perRun(row, (run) => run.p50Ms.toFixed(1))} | ${perRun(row, (run) => run.p99Ms.toFixed(1))} | ${perRun(row, (run) => String(run.errors))} |`,
    )
  }
}
