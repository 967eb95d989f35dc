import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/types.js'
import { pruneExpired } from '../maintenance/prune-expired.js'
import type { TestClock } from './test-clock.js'
import { solvedAltcha } from './altcha-solution.js'

/** The tables a flood writes to; their row counts are what must stay bounded. */
export const floodedTables = ['rate_limits', 'otp_codes', 'captcha_solutions', 'wallet_nonces', 'passkey_challenges', 'sessions', 'refresh_tokens'] as const
export type TableSizes = Record<(typeof floodedTables)[number], number>

export interface FloodOptions {
  baseUrl: string
  db: Queryable
  clock: TestClock
  /** An app with ALTCHA on: the attackers solve it too (the worst case), the victim as well. */
  appId: string
  victim: string
  rounds: number
  sourcesPerRound: number
  /** Simulated time between rounds. */
  gapSeconds: number
}

export interface FloodRound {
  sizes: TableSizes
  latenciesMs: number[]
  statuses: Record<number, number>
}

export async function tableSizes(db: Queryable): Promise<TableSizes> {
  const sizes = {} as TableSizes
  for (const table of floodedTables) sizes[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n
  return sizes
}

/** One attacking source: code sends to the victim and to a random address, a wallet challenge, a passkey challenge, a forged refresh. */
async function attack(options: FloodOptions, source: string, round: FloodRound) {
  const call = async (path: string, body: unknown) => {
    const started = performance.now()
    const response = await fetch(options.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': options.appId, 'x-forwarded-for': source },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    round.latenciesMs.push(performance.now() - started)
    round.statuses[response.status] = (round.statuses[response.status] ?? 0) + 1
  }
  const token = () => solvedAltcha(options.baseUrl, options.appId)
  await call('/api/v1/passwordless/init', { email: options.victim, token: await token() })
  await call('/api/v1/passwordless/init', { email: `flood-${randomBytes(6).toString('hex')}@example.com`, token: await token() })
  await call('/api/v1/siwe/init', { address: `0x${randomBytes(20).toString('hex')}`, token: await token() })
  await call('/api/v1/passkeys/authenticate/init', { token: await token() })
  await call('/api/v1/sessions', { refresh_token: randomBytes(32).toString('base64url') })
}

/**
 * Floods the server at `baseUrl` round after round, each from fresh sources, moving the clock on by `gapSeconds`
 * and pruning as the server's timer would; returns each round's table sizes (after pruning) and latencies.
 */
export async function runFlood(options: FloodOptions): Promise<FloodRound[]> {
  const rounds: FloodRound[] = []
  for (let index = 0; index < options.rounds; index++) {
    const round: FloodRound = { sizes: {} as TableSizes, latenciesMs: [], statuses: {} }
    await Promise.all(Array.from({ length: options.sourcesPerRound }, (_, source) => attack(options, `10.${index % 250}.${source}.1`, round)))
    options.clock.advance(options.gapSeconds)
    await pruneExpired(options.db, options.clock.now())
    round.sizes = await tableSizes(options.db)
    rounds.push(round)
  }
  return rounds
}
