/** The server rows' plan and table. */
import type { LoopPlan } from './closed-loop.js'
import type { ServerRow } from './server-throughput.js'
import type { ServerScenarioName } from './server-scenarios.js'

export const serverPlan: LoopPlan = { connections: 50, warmupMs: 3_000, runMs: 10_000, runs: 2 }

const labels: Record<ServerScenarioName, string> = {
  'code-request': 'Code request (POST passwordless/init)',
  'code-sign-in': 'Code sign-in, new user (POST passwordless/authenticate)',
  refresh: 'Refresh (POST /api/v1/sessions)',
  'users-me': 'GET /api/v1/users/me',
}

const perRun = (row: ServerRow, cell: (run: ServerRow['runs'][number]) => string) => row.runs.map(cell).join(' / ')

export function printServerTable(results: { label: string; rows: ServerRow[] }[]): void {
  const { connections, warmupMs, runMs, runs } = serverPlan
  console.log(
    `\nServer, closed loop: ${connections} keep-alive connections, ${warmupMs / 1000} s warm-up, then ${runs} runs of ${runMs / 1000} s (figures per run)\n`,
  )
  const header = ['Row', 'Database', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'statements/request']
  const lines = results.flatMap(({ label, rows }) =>
    rows.map((row) => [
      labels[row.scenario],
      label,
      perRun(row, (run) => run.requestsPerSecond.toFixed(0)),
      perRun(row, (run) => run.p50Ms.toFixed(1)),
      perRun(row, (run) => run.p99Ms.toFixed(1)),
      perRun(row, (run) => String(run.errors)),
      row.statementsPerRequest.toFixed(1),
    ]),
  )
  const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column]!.length)))
  const print = (cells: string[]) => console.log(`| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`)
  print(header)
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const line of lines) print(line)
}
