/**
 * This process's copies of app records, so that a request does not read its app from the database. Every write to an
 * app goes through `upsertApp`, which notes it here at once and NOTIFYs `APPS_CHANNEL`, so that other server processes
 * on one PostgreSQL drop their copy too. PGlite has one process (the CLI goes through the server's socket).
 */
import type { Db } from '../db/types.js'
import type { AppRecord } from './types.js'

export const APPS_CHANNEL = 'tessera_apps'
/** A copy is read again after this long even without a notice: a listener connection that died silently loses notices. */
const MAX_COPY_AGE_MS = 60_000

// Writes this process learnt of, in order: a copy read before a later write to its app (or to all apps) is stale.
let writes = 0
let lastWriteToAll = 0
const lastWriteTo = new Map<string, number>()

export function noteAppWritten(id: string): void {
  lastWriteTo.set(id, ++writes)
}

const isCurrent = (readAt: number, id: string) => readAt >= lastWriteToAll && readAt >= (lastWriteTo.get(id) ?? 0)

interface Kept<T> {
  value: T
  readAt: number
  keptAt: number
}
interface Copies {
  apps: Map<string, Kept<AppRecord>>
  list: Kept<AppRecord[]> | null
  trusted: boolean
}
const copiesByDb = new WeakMap<Db, Copies>()

/** PGlite's copies are always trusted; PostgreSQL's only while this process is LISTENing for other processes' writes. */
function copiesOf(db: Db): Copies {
  const known = copiesByDb.get(db)
  if (known) return known
  const copies: Copies = { apps: new Map(), list: null, trusted: db.kind === 'pglite' }
  copiesByDb.set(db, copies)
  db.listen?.(APPS_CHANNEL, {
    onNotice: noteAppWritten,
    onListening: (listening) => {
      // Notices may have been missed before (or while not) listening: every copy held so far is stale.
      lastWriteToAll = ++writes
      copies.trusted = listening
    },
  })
  return copies
}

/** The app from this process's copy while current, else from `read` (kept when no write came meanwhile). Unknown ids are not kept. */
export async function cachedApp(db: Db, id: string, read: () => Promise<AppRecord | null>): Promise<AppRecord | null> {
  const copies = copiesOf(db)
  const kept = copies.apps.get(id)
  if (kept && isCurrent(kept.readAt, id) && isYoung(kept)) return kept.value
  const readAt = writes
  const app = await read()
  if (app && copies.trusted && isCurrent(readAt, id)) copies.apps.set(id, { value: deepFreeze(app), readAt, keptAt: Date.now() })
  return app
}

/** Every app (CORS preflights, cross-app connections, start-up) from this process's copy while no app was written since. */
export async function cachedAppList(db: Db, read: () => Promise<AppRecord[]>): Promise<AppRecord[]> {
  const copies = copiesOf(db)
  if (copies.list && copies.list.readAt === writes && isYoung(copies.list)) return copies.list.value
  const readAt = writes
  const apps = await read()
  if (copies.trusted && readAt === writes) copies.list = { value: deepFreeze(apps), readAt, keptAt: Date.now() }
  return apps
}

const isYoung = (kept: Kept<unknown>) => Date.now() - kept.keptAt < MAX_COPY_AGE_MS

/** A kept copy is shared by every request: frozen, so that no handler can change it for the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
