/** A database that counts the statements the server sends through it: one per query, plus BEGIN and COMMIT per transaction. */
import type { Db, Queryable } from '../db/types.js'

export interface CountingDb {
  db: Db
  statements(): number
}

export function countingDb(inner: Db): CountingDb {
  let statements = 0
  const counted = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      statements++
      return target.query(sql, params)
    },
  })
  // A Proxy so that anything the server reaches past `Db` (a PostgreSQL listener, PGlite's own calls) still works.
  const db = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'query') return counted(target).query
      if (property === 'transaction')
        return <T>(work: (tx: Queryable) => Promise<T>) => {
          statements += 2
          return target.transaction((tx) => work(counted(tx)))
        }
      const value = Reflect.get(target, property, receiver) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db, statements: () => statements }
}
