import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../scripts/lib/throwaway-postgres.mjs'
import { embeddedWalletRoutes } from '../../../src/protocol/index.js'
import { startTestServer, type ApiResponse, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet } from '../wallets/test-fixtures/share-set.js'
import { openPostgres } from './postgres.js'
import { DatabaseUnavailableError } from './unavailable.js'

// Its own PostgreSQL cluster, whatever DATABASE_URL says: the test stops and starts it.
let postgres: ThrowawayPostgres
let t: TestServer
beforeAll(async () => {
  postgres = await startThrowawayPostgres()
  vi.stubEnv('DATABASE_URL', postgres.url)
  t = await startTestServer()
}, 60_000)
afterAll(async () => {
  await t?.close()
  postgres?.stop()
  vi.unstubAllEnvs()
})

interface Outcome {
  kind: 'sign-in' | 'wallet'
  status: number
  retryAfter: string | null
  body: any
  token?: string
  address?: string
}
const outcomeOf = (kind: Outcome['kind'], response: ApiResponse, extra: Partial<Outcome> = {}): Outcome => ({
  kind,
  status: response.status,
  retryAfter: response.headers.get('retry-after'),
  body: response.body,
  ...extra,
})

let emails = 0
async function signIn(): Promise<Outcome> {
  const email = `outage-${++emails}@example.com`
  const init = await t.call('/api/v1/passwordless/init', { body: { email } })
  if (init.status !== 200) return outcomeOf('sign-in', init)
  const login = await t.call('/api/v1/passwordless/authenticate', { body: { email, code: t.inbox.lastCode(email) } })
  return outcomeOf('sign-in', login, { token: login.body?.token })
}
async function createWallet(token: string): Promise<Outcome> {
  const wallet = await newTestWallet(emails % 2 ? 'ethereum' : 'solana')
  const response = await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token })
  return outcomeOf('wallet', response, { token, address: response.body?.address })
}

/** Workers that sign in and create wallets back to back until told to stop; every answer is kept. */
function startLoad(workers: number) {
  const outcomes: Outcome[] = []
  let running = true
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (running) {
      const signedIn = await signIn()
      outcomes.push(signedIn)
      // Every other worker gives each new user a wallet: a real creation each time, never the answer of an existing one.
      if (worker % 2 === 0 && signedIn.status === 200) outcomes.push(await createWallet(signedIn.token!))
    }
  })
  return {
    outcomes,
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('PostgreSQL going down and coming back under load (docs/security.md #58)', () => {
  it('cuts a statement past its time-out, and a connection that never answers, as unavailable', async () => {
    const db = await openPostgres(postgres.url, { connectMs: 5_000, statementMs: 200 })
    try {
      await expect(db.query('SELECT pg_sleep(5)')).rejects.toBeInstanceOf(DatabaseUnavailableError)
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(5)'))).rejects.toBeInstanceOf(DatabaseUnavailableError)
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
    // A peer that accepts the connection and then says nothing: the connect time-out ends the wait.
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      await expect(openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { connectMs: 300, statementMs: 300 })).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      )
    } finally {
      silent.close()
    }
  })

  it('answers 503 with Retry-After while it is down, resumes by itself, and loses or half-writes nothing', async () => {
    const tokens: string[] = []
    for (let i = 0; i < 2; i++) tokens.push((await signIn()).token!)
    const load = startLoad(6)
    try {
      await outageUnderLoad(tokens, load)
    } finally {
      await load.stop()
      await postgres.resume().catch(() => {})
    }
  }, 90_000)
})

/** Stops PostgreSQL under `load`, checks the answers while it is down, starts it again and checks what was kept. */
async function outageUnderLoad(tokens: string[], load: ReturnType<typeof startLoad>) {
  await until(() => load.outcomes.filter((outcome) => outcome.status === 200).length >= 12)

  const sentBeforeHalt = load.outcomes.length
  await postgres.halt()
  const answeredWhileDown = load.outcomes.length
  // Calls made while the database is down are answered while it is still down: none waits for it to return.
  const whileDown = [await signIn(), await createWallet(tokens[0]!), outcomeOf('sign-in', await t.call('/api/v1/users/me', { token: tokens[1] }))]
  await until(() => load.outcomes.length >= answeredWhileDown + 6)
  expect(load.outcomes.length).toBeGreaterThan(sentBeforeHalt)
  for (const outcome of whileDown) {
    expect([outcome.status, outcome.body?.code, outcome.retryAfter]).toEqual([503, 'internal_error', expect.stringMatching(/^[1-9]\d*$/)])
    expect(JSON.stringify(outcome.body)).not.toMatch(/ECONNREFUSED|\bat \w|postgres/i)
  }

  await postgres.resume()
  let resumed = await signIn()
  while (resumed.status === 503) resumed = await signIn()
  expect(resumed.status).toBe(200)
  await until(() => load.outcomes.slice(answeredWhileDown).some((outcome) => outcome.status === 200))
  await load.stop()

  // Never a 500 or a hang: every answer under load was a success or a 503 that says when to retry.
  const statuses = new Set(load.outcomes.map((outcome) => outcome.status))
  expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([])
  expect(load.outcomes.some((outcome) => outcome.status === 503)).toBe(true)
  for (const outcome of load.outcomes.filter((each) => each.status === 503)) expect(outcome.retryAfter).toMatch(/^[1-9]\d*$/)

  // Everything that was answered 200 is still there; nothing is half-written.
  for (const outcome of load.outcomes.filter((each) => each.status === 200)) {
    if (outcome.kind === 'sign-in') expect((await t.call('/api/v1/users/me', { token: outcome.token })).status).toBe(200)
    else expect(await t.db.query('SELECT 1 FROM embedded_wallets WHERE address = $1', [outcome.address])).toHaveLength(1)
  }
  expect(await t.db.query('SELECT id FROM wallet_share_sets s WHERE NOT EXISTS (SELECT 1 FROM embedded_wallets w WHERE w.share_set_id = s.id)')).toEqual([])
  expect(
    await t.db.query(
      `SELECT w.id FROM embedded_wallets w WHERE NOT EXISTS (SELECT 1 FROM linked_accounts l WHERE l.user_id = w.user_id AND lower(l.address) = lower(w.address))`,
    ),
  ).toEqual([])
  expect(await t.db.query('SELECT id FROM users u WHERE NOT EXISTS (SELECT 1 FROM linked_accounts l WHERE l.user_id = u.id)')).toEqual([])
}
