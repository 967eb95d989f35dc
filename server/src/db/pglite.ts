import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { FromPglite, PgliteError, PgliteWorkerData, ToPglite } from './pglite-messages.js'
import type { Db, Queryable } from './types.js'
import { guardAvailability } from './unavailable.js'

const WORKER_ENTRY = fileURLToPath(new URL('./pglite-worker.mjs', import.meta.url))

type Request = ToPglite extends infer Message ? (Message extends ToPglite ? Omit<Message, 'id'> : never) : never

/** The error the worker reported, with its SQLSTATE where it had one (a unique violation is retried on it). */
const fromPgliteError = (error: PgliteError) => Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code })

/** Requests to the worker and their answers; the worker keeps the process alive only while a request waits. */
function workerCalls(worker: Worker) {
  const pending = new Map<number, { resolve(rows: unknown[] | undefined): void; reject(error: Error): void }>()
  let nextId = 1
  let ended: Error | null = null
  const endAll = (error: Error) => {
    ended = error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
    worker.unref()
  }
  worker.on('message', (message: FromPglite) => {
    if (!('id' in message)) return
    const call = pending.get(message.id)
    pending.delete(message.id)
    if (pending.size === 0) worker.unref()
    if (message.ok) call?.resolve(message.rows)
    else call?.reject(fromPgliteError(message.error))
  })
  worker.on('error', (error) => endAll(Object.assign(new Error('PGlite is closed'), { cause: error })))
  worker.on('exit', () => endAll(new Error('PGlite is closed')))
  return {
    /** Sends the request; resolves with its rows, and names the request's id (a transaction's) before it is answered. */
    send(request: Request, onId?: (id: number) => void): Promise<unknown[] | undefined> {
      if (ended) return Promise.reject(ended)
      const id = nextId++
      onId?.(id)
      if (pending.size === 0) worker.ref()
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage({ ...request, id } as ToPglite)
      })
    },
  }
}

type WorkerCalls = ReturnType<typeof workerCalls>

const queryable = (calls: WorkerCalls, transaction?: number): Queryable => ({
  query: <Row>(sql: string, params: unknown[] = []) =>
    guardAvailability(
      async () => (await calls.send(transaction === undefined ? { type: 'query', sql, params } : { type: 'query', sql, params, transaction })) as Row[],
    ),
})

async function inTransaction<T>(calls: WorkerCalls, work: (tx: Queryable) => Promise<T>): Promise<T> {
  let transaction = 0
  await calls.send({ type: 'begin' }, (id) => {
    transaction = id
  })
  let result: T
  try {
    result = await work(queryable(calls, transaction))
  } catch (error) {
    await calls.send({ type: 'end', transaction, commit: false }).catch(() => undefined)
    throw error
  }
  await calls.send({ type: 'end', transaction, commit: true })
  return result
}

/** Resolves once the worker has opened the database; rejects with its error when it could not. */
function started(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromPglite) => {
      if ('id' in message) return
      worker.off('message', onMessage)
      if (message.type === 'ready') resolve()
      else reject(fromPgliteError(message.error))
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
    worker.once('exit', () => reject(new Error('PGlite is closed')))
  })
}

/** Opens (or creates) the embedded database in `dataDir`, on a worker thread. Creation takes 13-30 s on small machines. */
export async function openPglite(dataDir: string): Promise<Db> {
  const worker = new Worker(WORKER_ENTRY, { workerData: { dataDir } satisfies PgliteWorkerData })
  try {
    await started(worker)
  } catch (error) {
    await worker.terminate()
    throw error
  }
  const calls = workerCalls(worker)
  worker.unref()
  return {
    kind: 'pglite',
    ...queryable(calls),
    transaction: (work) => guardAvailability(() => inTransaction(calls, work)),
    close: async () => {
      await calls.send({ type: 'close' }).catch(() => undefined)
      await worker.terminate()
    },
  }
}
