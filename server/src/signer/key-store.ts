import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import { openDatabase } from '../db/open.js'
import type { Db, Queryable } from '../db/types.js'

/** Where the signer keeps its keys: never the API's tables. */
export interface SignerStoreSettings {
  /** PostgreSQL: the schema `tessera_signer` of this database (SIGNER_DATABASE_URL, default DATABASE_URL). */
  databaseUrl?: string
  /** Without a URL: the signer's own PGlite data directory (`<server data dir>/signer`), locked like the server's. */
  dataDir: string
}

/** The signer's schema is its own, so production can give it a role the API's role cannot read (README). */
async function migrateSignerSchema(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Several signers (one per API process) may start at once against one PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock(727275)')
    await tx.query('CREATE SCHEMA IF NOT EXISTS tessera_signer')
    await tx.query(`CREATE TABLE IF NOT EXISTS tessera_signer.wallet_keys (
      id text PRIMARY KEY,
      app_id text NOT NULL,
      chain_type text NOT NULL,
      address text NOT NULL,
      sealed_key text NOT NULL,
      created_at bigint NOT NULL
    )`)
  })
}

export const openSignerStore = (settings: SignerStoreSettings, onPreparing?: (message: string) => void): Promise<Db> =>
  openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, onPreparing, migrate: migrateSignerSchema })

export interface StoredKey {
  id: string
  appId: string
  chainType: EmbeddedChainType
  address: string
  /** `kek1.` text: the key sealed with the key-encryption key, bound to app, key id and chain (key-seal.ts). */
  sealedKey: string
}

export async function insertKey(db: Queryable, key: StoredKey, now: number): Promise<void> {
  await db.query('INSERT INTO tessera_signer.wallet_keys (id, app_id, chain_type, address, sealed_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    key.id,
    key.appId,
    key.chainType,
    key.address,
    key.sealedKey,
    now,
  ])
}

/** The app's key by id; another app's key id finds nothing. */
export async function findKey(db: Queryable, appId: string, keyId: string): Promise<StoredKey | null> {
  const [row] = await db.query<{ id: string; app_id: string; chain_type: EmbeddedChainType; address: string; sealed_key: string }>(
    'SELECT id, app_id, chain_type, address, sealed_key FROM tessera_signer.wallet_keys WHERE id = $1 AND app_id = $2',
    [keyId, appId],
  )
  return row ? { id: row.id, appId: row.app_id, chainType: row.chain_type, address: row.address, sealedKey: row.sealed_key } : null
}
