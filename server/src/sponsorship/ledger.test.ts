import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertApp } from '../apps/store.js'
import { openDatabase } from '../db/open.js'
import type { Db } from '../db/types.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { releaseSponsoredSpend, reserveSponsoredSpend, sponsoredSpendOf, utcDay, type SpendKey } from './ledger.js'

describe('the sponsorship spend ledger', () => {
  let database: TestDatabase
  let db: Db
  let appId: string
  let userCount = 0

  beforeAll(async () => {
    database = await createTestDatabase()
    db = await openDatabase({ dataDir: database.dataDir ?? '', databaseUrl: database.databaseUrl })
    appId = (await upsertApp(db, { name: 'Sponsor' }, Date.now())).id
  })
  afterAll(async () => {
    await db?.close()
    await database?.dispose()
  })

  const newUser = async (): Promise<SpendKey> => {
    const userId = `did:privy:ledger-user-${++userCount}`
    await db.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, $3)', [userId, appId, Date.now()])
    return { appId, userId, network: 'eip155:31337', day: utcDay(Date.UTC(2026, 10, 27, 12)) }
  }

  it('20 concurrent reservations against a cap of 5 operations: exactly 5 pass and the ledger holds the cap', async () => {
    const key = await newUser()
    const cost = 10n ** 15n
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserveSponsoredSpend(db, key, cost, 5n * cost)))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5)
    const refusals = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    expect(refusals.map((refusal) => [refusal.reason.status, refusal.reason.code])).toEqual(Array(15).fill([403, 'policy_violation']))
    expect(refusals[0]?.reason.message).toMatch(/daily sponsorship cap/)
    expect(await sponsoredSpendOf(db, key)).toBe(5n * cost)
  })

  it('a first reservation above the cap is refused and records nothing', async () => {
    const key = await newUser()
    await expect(reserveSponsoredSpend(db, key, 101n, 100n)).rejects.toMatchObject({ code: 'policy_violation' })
    expect(await sponsoredSpendOf(db, key)).toBe(0n)
  })

  it('amounts beyond 64 bits add up exactly; a release gives back what was not spent, never below zero', async () => {
    const key = await newUser()
    const big = 2n ** 70n + 1n
    await reserveSponsoredSpend(db, key, big, 2n ** 80n)
    await reserveSponsoredSpend(db, key, big, 2n ** 80n)
    expect(await sponsoredSpendOf(db, key)).toBe(2n * big)
    await releaseSponsoredSpend(db, key, big - 5n)
    expect(await sponsoredSpendOf(db, key)).toBe(big + 5n)
    await releaseSponsoredSpend(db, key, 2n ** 79n)
    expect(await sponsoredSpendOf(db, key)).toBe(0n)
  })

  it('the cap counts per UTC day and per network', async () => {
    const key = await newUser()
    await reserveSponsoredSpend(db, key, 100n, 100n)
    await expect(reserveSponsoredSpend(db, key, 1n, 100n)).rejects.toMatchObject({ code: 'policy_violation' })
    await reserveSponsoredSpend(db, { ...key, day: key.day + 1 }, 100n, 100n)
    await reserveSponsoredSpend(db, { ...key, network: 'eip155:1' }, 100n, 100n)
    await reserveSponsoredSpend(db, { ...key, network: 'solana:devnet' }, 100n, 100n)
    expect(utcDay(Date.UTC(2026, 10, 27, 23, 59, 59, 999)) + 1).toBe(utcDay(Date.UTC(2026, 10, 28)))
  })
})
