/**
 * A closed loop of keep-alive HTTP connections, the way servers are measured: each connection sends its next request
 * as soon as the last answered, for a warm-up and then for each measured run. A connection is one `http.Agent` with
 * one socket, so a scenario can keep state per connection (a refresh chain).
 */
import { Agent, request } from 'node:http'

export interface LoopRequest {
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: unknown
}

/** What one connection sends next (null: it has nothing left to send) and what it learns from each answer. */
export interface Scenario {
  next(connection: number): LoopRequest | null
  answered(connection: number, status: number, body: string): void
}

export interface LoopPlan {
  connections: number
  warmupMs: number
  runMs: number
  runs: number
}

export interface LoopRun {
  requests: number
  errors: number
  elapsedMs: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN

function send(url: URL, agent: Agent, next: LoopRequest): Promise<{ status: number; body: string }> {
  const body = next.body === undefined ? undefined : JSON.stringify(next.body)
  const headers = { ...next.headers, ...(body && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) }
  return new Promise((resolve, reject) => {
    const sent = request(new URL(next.path, url), { method: next.method, agent, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

/** One window of the loop: every connection sends until `until`; answers past it still count (they were sent in it). */
async function runWindow(urls: URL[], agents: Agent[], scenario: Scenario, durationMs: number): Promise<LoopRun> {
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  const until = started + durationMs
  await Promise.all(
    agents.map(async (agent, connection) => {
      while (performance.now() < until) {
        const next = scenario.next(connection)
        if (!next) return
        const begin = performance.now()
        try {
          const { status, body } = await send(urls[connection % urls.length]!, agent, next)
          if (status >= 400) errors++
          scenario.answered(connection, status, body)
        } catch {
          errors++
        }
        latencies.push(performance.now() - begin)
      }
    }),
  )
  const elapsedMs = performance.now() - started
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    elapsedMs,
    requestsPerSecond: latencies.length / (elapsedMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  }
}

/**
 * The warm-up, then `plan.runs` measured windows; `onWindow` hears each window's start and end (to read counters).
 * With several base URLs (server processes), connection i talks to the (i mod n)-th.
 */
export async function runClosedLoop(
  baseUrls: string[],
  scenario: Scenario,
  plan: LoopPlan,
  onWindow: (event: 'start' | 'end', run: number) => void = () => {},
): Promise<LoopRun[]> {
  const urls = baseUrls.map((baseUrl) => new URL(baseUrl))
  const agents = Array.from({ length: plan.connections }, () => new Agent({ keepAlive: true, maxSockets: 1 }))
  try {
    await runWindow(urls, agents, scenario, plan.warmupMs)
    const runs: LoopRun[] = []
    for (let run = 0; run < plan.runs; run++) {
      onWindow('start', run)
      runs.push(await runWindow(urls, agents, scenario, plan.runMs))
      onWindow('end', run)
    }
    return runs
  } finally {
    for (const agent of agents) agent.destroy()
  }
}
