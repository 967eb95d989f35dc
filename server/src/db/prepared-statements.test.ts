// Statements with parameters run as named prepared statements on PostgreSQL (issue 19): parsed and planned once per connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './open.js'
import { statementOf } from './postgres.js'
import type { Db } from './types.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'

describe('statementOf', () => {
  it('names a statement with parameters by its text, the same name each time; one without parameters runs unnamed', () => {
    const first = statementOf('SELECT $1::int AS one', [1])
    expect(first.name).toMatch(/^tessera_\d+$/)
    expect(statementOf('SELECT $1::int AS one', [2])).toEqual({ name: first.name, text: 'SELECT $1::int AS one', values: [2] })
    expect(statementOf('SELECT $1::int AS two', [2]).name).not.toBe(first.name)
    expect(statementOf('CREATE TABLE a (b int); CREATE TABLE c (d int)', [])).toEqual({ text: 'CREATE TABLE a (b int); CREATE TABLE c (d int)' })
  })
})

describe.skipIf(!process.env.DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let database: TestDatabase
  let db: Db
  beforeAll(async () => {
    database = await createTestDatabase()
    db = await openDatabase({ dataDir: '', databaseUrl: database.databaseUrl })
  })
  afterAll(async () => {
    await db?.close()
    await database?.dispose()
  })

  it('prepares a statement on its connection once, and runs it again from there', async () => {
    const sql = 'SELECT count(*)::int AS apps FROM apps WHERE id <> $1'
    const prepared = await db.transaction(async (tx) => {
      await tx.query(sql, ['a'])
      await tx.query(sql, ['b'])
      return tx.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements WHERE statement = $1', [sql])
    })
    expect(prepared).toEqual([{ name: statementOf(sql, ['c']).name, statement: sql }])
  })
})
