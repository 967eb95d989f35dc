import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { lockDataDir } from './lock.js'
import { migrate as migrateApiSchema } from './migrations.js'
import { openPglite } from './pglite.js'
import { openPostgres } from './postgres.js'
import type { Db } from './types.js'

export interface OpenDatabaseOptions {
  databaseUrl?: string
  dataDir: string
  /** Told once when the embedded database is created (slow on first start). */
  onPreparing?: (message: string) => void
  /** The schema to bring up to date; default the API's (migrations.ts). */
  migrate?: (db: Db) => Promise<void>
}

/** Opens PostgreSQL when a URL is given, else PGlite under a lock in the data directory; then migrates. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  const migrate = options.migrate ?? migrateApiSchema
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl)
    await migrate(db)
    return db
  }
  const dataDir = resolve(options.dataDir)
  const release = lockDataDir(dataDir)
  try {
    const pgDir = join(dataDir, 'pgdata')
    if (!existsSync(join(pgDir, 'PG_VERSION'))) {
      options.onPreparing?.(`Preparing the embedded database in ${pgDir} (first start, this can take 15-30 s)...`)
    }
    const db = await openPglite(pgDir)
    await migrate(db)
    return {
      ...db,
      close: async () => {
        try {
          await db.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
