/**
 * `npm run bench -- fuzz`: the route fuzzer of server/src/http/fuzz-routes.test.ts for longer (TESSERA_FUZZ_SECONDS,
 * default 300) with a fresh seed, printed first so a finding can be replayed in the test with TESSERA_FUZZ_SEED.
 */
import fc from 'fast-check'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { upsertApp } from '../server/src/apps/store.js'
import { openDatabase } from '../server/src/db/open.js'
import { CaptureDelivery } from '../server/src/test-support/capture-delivery.js'
import { checkRequest, requestFor, type FuzzFinding } from '../server/src/test-support/fuzz-requests.js'
import { fuzzedApp, startFuzzTarget } from '../server/src/test-support/fuzz-target.js'
import { TestClock } from '../server/src/test-support/test-clock.js'

// A throwaway key-encryption key for this run's throwaway databases.
process.env.TESSERA_KEK ??= randomBytes(32).toString('base64url')
const seconds = Number(process.env.TESSERA_FUZZ_SECONDS ?? 300)
const seed = Number(process.env.TESSERA_FUZZ_SEED ?? Date.now() % 2 ** 31)
console.log(`Fuzzing every route for ${seconds} s, seed ${seed}`)

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-fuzz-'))
const db = await openDatabase({ dataDir })
const clock = new TestClock()
const delivery = new CaptureDelivery()
const app = await upsertApp(db, fuzzedApp, clock.now())
const target = await startFuzzTarget(db, clock, delivery)
try {
  await fetch(`${target.baseUrl}/api/v1/passwordless/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': app.id },
    body: JSON.stringify({ email: 'fuzz-owner@example.com' }),
  })
  const login = await fetch(`${target.baseUrl}/api/v1/passwordless/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': app.id },
    body: JSON.stringify({ email: 'fuzz-owner@example.com', code: delivery.lastCode('fuzz-owner@example.com') }),
  })
  const accessToken = ((await login.json()) as { token: string }).token
  const findings: FuzzFinding[] = []
  let requests = 0
  const request = fc.constantFrom(...target.routes).chain((route) => requestFor(route, { appId: app.id, accessToken }))
  const deadline = Date.now() + seconds * 1000
  const statusesCounted: Record<number, number> = {}
  await fc.check(
    fc.asyncProperty(request, async (sent) => {
      requests++
      const finding = await checkRequest(target.baseUrl, sent)
      if (finding) findings.push(finding)
      statusesCounted[finding?.status ?? 0] = (statusesCounted[finding?.status ?? 0] ?? 0) + 1
      return finding === null
    }),
    {
      seed,
      numRuns: Number.MAX_SAFE_INTEGER,
      interruptAfterTimeLimit: Math.max(0, deadline - Date.now()),
      endOnFailure: false,
      skipAllAfterTimeLimit: seconds * 1000,
    },
  )
  const up = (await fetch(`${target.baseUrl}/api/v1/apps/${app.id}`)).status === 200
  console.log(`${requests} requests over ${target.routes.length} routes; findings: ${findings.length}; server still answering: ${up}`)
  for (const finding of findings.slice(0, 20)) console.log(JSON.stringify(finding))
  if (findings.length || !up) process.exitCode = 1
} finally {
  await target.close()
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
}
