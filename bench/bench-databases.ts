/** The two databases the server rows run on: a copy of the tests' migrated PGlite template, and a throwaway PostgreSQL. */
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/src/db/open.js'
import type { Db } from '../server/src/db/types.js'
import { loadKeyEncryptionKeys } from '../server/src/secrets/kek-settings.js'
import type { KeyEncryptionKeys } from '../server/src/secrets/key-encryption-keys.js'
import { localKeyEncryptionKeys } from '../server/src/secrets/local-key-encryption-keys.js'
import { startThrowawayPostgres } from '../scripts/lib/throwaway-postgres.mjs'
import { templateDataDir } from '../test/harness/api-server.js'

export interface BenchDatabase {
  label: 'PGlite' | 'PostgreSQL'
  open(): Promise<{ db: Db; keyEncryptionKeys: KeyEncryptionKeys }>
  dispose(): Promise<void>
}

/** A fresh copy of the migrated template (creating a PGlite database takes 15-30 s), opened with the key it carries. */
export async function benchPglite(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'))
  cpSync(await templateDataDir(), dataDir, { recursive: true })
  return {
    label: 'PGlite',
    open: async () => ({ db: await openDatabase({ dataDir }), keyEncryptionKeys: loadKeyEncryptionKeys({ dev: true, dataDir, env: {} }) }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

export async function benchPostgres(): Promise<BenchDatabase> {
  const postgres = await startThrowawayPostgres()
  return {
    label: 'PostgreSQL',
    open: async () => ({ db: await openDatabase({ dataDir: '', databaseUrl: postgres.url }), keyEncryptionKeys: localKeyEncryptionKeys(randomBytes(32)) }),
    dispose: async () => postgres.stop(),
  }
}
