import pg from 'pg'
import type { Db, Queryable } from './types.js'

const INT8_OID = 20

/** Connects a pool to PostgreSQL at `databaseUrl`. */
export async function openPostgres(databaseUrl: string): Promise<Db> {
  // int8 columns hold unix milliseconds, which fit safely in a JS number.
  const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text') }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: types as pg.CustomTypesConfig })
  // An idle client losing its connection must not crash the process; the pool reconnects.
  pool.on('error', () => {})
  await pool.query('SELECT 1')
  const query: Queryable['query'] = async <Row>(sql: string, params: unknown[] = []) =>
    (await pool.query(sql, params)).rows as Row[]
  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({ query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[] })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
