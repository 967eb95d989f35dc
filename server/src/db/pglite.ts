import { PGlite } from '@electric-sql/pglite'
import type { Db, Queryable } from './types.js'
import { guardAvailability } from './unavailable.js'

const INT8_OID = 20

/** Opens (or creates) the embedded database in `dataDir`. Creation takes 13-30 s on small machines. */
export async function openPglite(dataDir: string): Promise<Db> {
  // int8 columns hold unix milliseconds, which fit safely in a JS number.
  const pg = await PGlite.create({ dataDir, parsers: { [INT8_OID]: (value: string) => Number(value) } })
  const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
    query: <Row>(sql: string, params: unknown[] = []) => guardAvailability(async () => (await target.query<Row>(sql, params)).rows),
  })
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => guardAvailability(() => pg.transaction((tx) => work(wrap(tx)))),
    close: () => pg.close(),
  }
}
