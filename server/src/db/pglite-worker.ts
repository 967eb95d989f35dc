/**
 * The embedded database on a thread of its own: PGlite runs PostgreSQL in WebAssembly on the thread that calls it, so
 * here its work no longer holds up the API's event loop (issue 19). One PGlite, one connection: queries outside an open
 * transaction wait for it, as they do in PGlite itself.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { FromPglite, PgliteError, PgliteWorkerData, ToPglite } from './pglite-messages.js'

const INT8_OID = 20
const port = parentPort!
const post = (message: FromPglite) => port.postMessage(message)
const asPgliteError = (error: unknown): PgliteError => {
  const code = (error as { code?: unknown } | null)?.code
  return { message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) }
}

/** Open transactions by id: the connection PGlite runs them on, and how to end one (true commits), settled once PGlite has. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>()
/** Thrown into a transaction's callback to roll it back; never reaches the API thread. */
const rollback = Symbol('rollback')

function begin(pg: PGlite, id: number): void {
  let opened = false
  const finished: Promise<void> = pg.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        opened = true
        const end = (commit: boolean) => {
          if (commit) resolve()
          else reject(rollback)
          return finished.catch((error: unknown) => {
            if (error !== rollback) throw error
          })
        }
        open.set(id, { tx, end })
        post({ id, ok: true })
      }),
  )
  finished.catch((error: unknown) => {
    if (!opened) post({ id, ok: false, error: asPgliteError(error) })
  })
}

async function answer(pg: PGlite, message: ToPglite): Promise<void> {
  if (message.type === 'begin') return begin(pg, message.id)
  if (message.type === 'end') {
    const transaction = open.get(message.transaction)
    open.delete(message.transaction)
    await transaction?.end(message.commit)
    return post({ id: message.id, ok: true })
  }
  if (message.type === 'close') {
    await pg.close()
    return post({ id: message.id, ok: true })
  }
  const target = message.transaction === undefined ? pg : open.get(message.transaction)?.tx
  if (!target) throw new Error('The transaction has ended')
  post({ id: message.id, ok: true, rows: (await target.query(message.sql, message.params)).rows })
}

try {
  // int8 columns hold unix milliseconds, which fit safely in a JS number.
  const pg = await PGlite.create({ dataDir: (workerData as PgliteWorkerData).dataDir, parsers: { [INT8_OID]: (value: string) => Number(value) } })
  port.on('message', (message: ToPglite) => {
    answer(pg, message).catch((error: unknown) => post({ id: message.id, ok: false, error: asPgliteError(error) }))
  })
  post({ type: 'ready' })
} catch (error) {
  post({ type: 'failed', error: asPgliteError(error) })
}
