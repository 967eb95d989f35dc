/**
 * `npm run bench -- flood`: a flood of code sends, wallet and passkey challenges and forged refreshes from fresh sources
 * over simulated days, on PGlite and on PostgreSQL; prints each round's table sizes (after pruning) and p50/p95 latency,
 * and the send latency to signed-up versus unknown addresses (docs/security.md #10).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { upsertApp } from '../server/src/apps/store.js'
import { openDatabase } from '../server/src/db/open.js'
import type { Db } from '../server/src/db/types.js'
import { localKeyEncryptionKeys } from '../server/src/secrets/local-key-encryption-keys.js'
import { startServer, type RunningServer } from '../server/src/server.js'
import { CaptureDelivery } from '../server/src/test-support/capture-delivery.js'
import { floodedTables, runFlood, type FloodRound } from '../server/src/test-support/flood.js'
import { TestClock } from '../server/src/test-support/test-clock.js'
import { startThrowawayPostgres } from '../scripts/lib/throwaway-postgres.mjs'

const flood = { rounds: 12, sourcesPerRound: 24, gapSeconds: 4 * 60 * 60 }

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN

function printRounds(label: string, rounds: FloodRound[]) {
  console.log(
    `\n${label}: ${flood.rounds} rounds × ${flood.sourcesPerRound} sources × 5 requests, ${flood.gapSeconds / 3600} h apart (simulated), pruned after each\n`,
  )
  console.log(['round', 'p50 ms', 'p95 ms', 'statuses', ...floodedTables].join(' | '))
  rounds.forEach((round, index) => {
    const sorted = [...round.latenciesMs].sort((a, b) => a - b)
    const statuses = Object.entries(round.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    console.log(
      [index + 1, percentile(sorted, 0.5).toFixed(1), percentile(sorted, 0.95).toFixed(1), statuses, ...floodedTables.map((table) => round.sizes[table])].join(
        ' | ',
      ),
    )
  })
}

/** docs/security.md #10 by measurement: code sends to signed-up and to unknown addresses, interleaved, p50/p95 of each. */
async function measureEnumerationTiming(label: string, db: Db, server: RunningServer, delivery: CaptureDelivery) {
  const app = await upsertApp(db, { name: 'Timing', loginMethods: ['email'] }, Date.now())
  let source = 0
  // Each request from its own source, so the per-IP and per-(address, source) limits stay out of the figures.
  const post = (path: string, body: unknown) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': app.id, 'x-forwarded-for': `172.16.${source >> 8}.${source++ & 255}` },
      body: JSON.stringify(body),
    })
  const known = Array.from({ length: 40 }, (_, index) => `known-${index}@example.com`)
  for (const email of known) {
    await post('/api/v1/passwordless/init', { email })
    await post('/api/v1/passwordless/authenticate', { email, code: delivery.lastCode(email) })
  }
  const timings = { known: [] as number[], unknown: [] as number[] }
  for (const [index, email] of known.entries()) {
    for (const [kind, address] of [
      ['known', email],
      ['unknown', `unknown-${index}@example.com`],
    ] as const) {
      const started = performance.now()
      await (await post('/api/v1/passwordless/init', { email: address })).arrayBuffer()
      timings[kind].push(performance.now() - started)
    }
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms`
  }
  console.log(
    `\n${label}: code send to a signed-up address ${summary(timings.known)}; to an unknown one ${summary(timings.unknown)} (${known.length} each, interleaved)`,
  )
}

async function floodOn(label: string, db: Db) {
  const clock = new TestClock()
  const app = await upsertApp(
    db,
    {
      name: 'Flooded',
      loginMethods: ['email', 'wallet', 'passkey'],
      captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 1000 },
    },
    clock.now(),
  )
  // A throwaway key-encryption key: production mode refuses to start without one.
  const delivery = new CaptureDelivery()
  const server = await startServer(
    { port: 0, quiet: true, trustProxy: true },
    { clock, db, delivery, keyEncryptionKeys: localKeyEncryptionKeys(randomBytes(32)) },
  )
  try {
    await measureEnumerationTiming(label, db, server, delivery)
    printRounds(label, await runFlood({ baseUrl: server.url, db, clock, appId: app.id, victim: 'victim@example.com', ...flood }))
  } finally {
    await server.close()
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-flood-'))
const pglite = await openDatabase({ dataDir })
try {
  await floodOn('PGlite', pglite)
} finally {
  await pglite.close()
  rmSync(dataDir, { recursive: true, force: true })
}
console.error('\nStarting a throwaway PostgreSQL...')
const postgres = await startThrowawayPostgres()
try {
  const db = await openDatabase({ dataDir: '', databaseUrl: postgres.url })
  try {
    await floodOn('PostgreSQL', db)
  } finally {
    await db.close()
  }
} finally {
  await postgres.stop()
}
