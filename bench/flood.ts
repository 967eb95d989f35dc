/**
 * `npm run bench -- flood`: a flood of code sends, wallet and passkey challenges and forged refreshes from fresh sources
 * over simulated days, on PGlite and on PostgreSQL; prints each round's table sizes (after pruning) and p50/p95 latency.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { upsertApp } from '../server/src/apps/store.js'
import { openDatabase } from '../server/src/db/open.js'
import type { Db } from '../server/src/db/types.js'
import { localKeyEncryptionKeys } from '../server/src/secrets/local-key-encryption-keys.js'
import { startServer } from '../server/src/server.js'
import { CaptureDelivery } from '../server/src/test-support/capture-delivery.js'
import { floodedTables, runFlood, type FloodRound } from '../server/src/test-support/flood.js'
import { TestClock } from '../server/src/test-support/test-clock.js'
import { startThrowawayPostgres } from '../scripts/lib/throwaway-postgres.mjs'

// A throwaway key-encryption key for this run's throwaway databases.
process.env.TESSERA_KEK ??= randomBytes(32).toString('base64url')
const flood = { rounds: 12, sourcesPerRound: 24, gapSeconds: 4 * 60 * 60 }

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN

function printRounds(label: string, rounds: FloodRound[]) {
  console.log(`\n${label}: ${flood.rounds} rounds × ${flood.sourcesPerRound} sources × 5 requests, ${flood.gapSeconds / 3600} h apart (simulated), pruned after each\n`)
  console.log(['round', 'p50 ms', 'p95 ms', 'statuses', ...floodedTables].join(' | '))
  rounds.forEach((round, index) => {
    const sorted = [...round.latenciesMs].sort((a, b) => a - b)
    const statuses = Object.entries(round.statuses).map(([status, n]) => `${status}×${n}`).join(' ')
    console.log([index + 1, percentile(sorted, 0.5).toFixed(1), percentile(sorted, 0.95).toFixed(1), statuses, ...floodedTables.map((table) => round.sizes[table])].join(' | '))
  })
}

async function floodOn(label: string, db: Db) {
  const clock = new TestClock()
  const app = await upsertApp(db, {
    name: 'Flooded',
    loginMethods: ['email', 'wallet', 'passkey'],
    captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, altchaMaxNumber: 1000 },
  }, clock.now())
  // A throwaway key-encryption key: production mode refuses to start without one.
  const server = await startServer({ port: 0, quiet: true, trustProxy: true }, { clock, db, delivery: new CaptureDelivery(), keyEncryptionKeys: localKeyEncryptionKeys(randomBytes(32)) })
  try {
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
