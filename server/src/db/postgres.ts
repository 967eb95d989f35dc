import pg from 'pg'
import { listenForNotices } from './postgres-listener.js'
import type { Db, Queryable } from './types.js'
import { guardAvailability } from './unavailable.js'

const INT8_OID = 20

export interface PostgresTimeouts {
  /** How long taking a connection may wait (a new one being opened, or a free one in the pool). */
  connectMs: number
  /** How long one statement may run, enforced by PostgreSQL and, for a server that stops answering, by the client. */
  statementMs: number
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, statementMs: 15_000 }

const positive = (value: string | undefined) => (value && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined)

/** TESSERA_DB_CONNECT_TIMEOUT_MS and TESSERA_DB_STATEMENT_TIMEOUT_MS, else the defaults. */
export function postgresTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): PostgresTimeouts {
  return {
    connectMs: positive(env.TESSERA_DB_CONNECT_TIMEOUT_MS) ?? DEFAULT_POSTGRES_TIMEOUTS.connectMs,
    statementMs: positive(env.TESSERA_DB_STATEMENT_TIMEOUT_MS) ?? DEFAULT_POSTGRES_TIMEOUTS.statementMs,
  }
}

/** Distinct statement texts given a name; past it a text runs unnamed, so no connection prepares without bound. */
const MAX_PREPARED = 2_000
const preparedNames = new Map<string, string>()

/**
 * A statement with parameters runs as a named prepared statement: each connection parses and plans it once, then
 * only binds (issue 19). Without parameters it may hold several statements (migrations), which cannot be prepared.
 */
export function statementOf(sql: string, params: unknown[]): pg.QueryConfig {
  if (params.length === 0) return { text: sql }
  let name = preparedNames.get(sql)
  if (name === undefined && preparedNames.size < MAX_PREPARED) preparedNames.set(sql, (name = `tessera_${preparedNames.size}`))
  return name === undefined ? { text: sql, values: params } : { name, text: sql, values: params }
}

/** Connects a pool to PostgreSQL at `databaseUrl`; an unreachable database raises DatabaseUnavailableError, never a hang. */
export async function openPostgres(databaseUrl: string, timeouts: PostgresTimeouts = postgresTimeoutsFromEnv()): Promise<Db> {
  // int8 columns hold unix milliseconds, which fit safely in a JS number.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text'),
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    types: types as pg.CustomTypesConfig,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // The client's own limit answers even when the server or the network stops responding altogether.
    query_timeout: timeouts.statementMs + 1_000,
    keepAlive: true,
  })
  // An idle client losing its connection must not crash the process; the pool reconnects.
  pool.on('error', () => {})
  const query: Queryable['query'] = <Row>(sql: string, params: unknown[] = []) =>
    guardAvailability(async () => (await pool.query(statementOf(sql, params))).rows as Row[])
  try {
    await query('SELECT 1')
  } catch (error) {
    await pool.end()
    throw error
  }
  const listeners = new Set<{ stop(): Promise<void> }>()
  // Keep-alive probes notice a silently dead connection, which would otherwise miss notices unseen.
  const listenerClient = () =>
    new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 })
  return {
    kind: 'postgres',
    query,
    listen: (channel, handlers) => {
      listeners.add(listenForNotices(listenerClient, channel, handlers))
    },
    transaction: (work) =>
      guardAvailability(async () => {
        const client = await pool.connect()
        // A connection lost between two statements is reported on the client: without a listener it would end the process.
        const onLost = () => {}
        client.on('error', onLost)
        let broken: Error | undefined
        try {
          await client.query('BEGIN')
          const result = await work({ query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(statementOf(sql, params))).rows as Row[] })
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken = rollbackError
          })
          throw error
        } finally {
          client.off('error', onLost)
          // A connection that could not even roll back is dropped, not handed to the next request.
          client.release(broken)
        }
      }),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()))
      await pool.end()
    },
  }
}
