import { randomBytes } from 'node:crypto'
import type { AdditionalSigner, EmbeddedChainType } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'

/** A server-managed wallet: the signer holds its key under `signerKeyId`; nothing here can sign. */
export interface ServerWalletRecord {
  id: string
  appId: string
  userId: string
  chainType: EmbeddedChainType
  walletIndex: number
  address: string
  signerKeyId: string
  imported: boolean
  /** Delegated through `/wallets/delegate`: every session signer of the app may sign for it. */
  delegated: boolean
  /** The session signers the owner named (PATCH /wallets/:id). */
  additionalSigners: AdditionalSigner[]
  createdAt: number
  /** Unix ms of the last export (POST /wallets/:id/export), null if never exported. */
  exportedAt: number | null
}

interface ServerWalletRow {
  id: string
  app_id: string
  user_id: string
  chain_type: EmbeddedChainType
  wallet_index: number
  address: string
  signer_key_id: string
  imported: boolean
  delegated: boolean
  additional_signers: AdditionalSigner[]
  created_at: number | string
  exported_at: number | string | null
}

const columns = 'id, app_id, user_id, chain_type, wallet_index, address, signer_key_id, imported, delegated, additional_signers, created_at, exported_at'
const toRecord = (row: ServerWalletRow): ServerWalletRecord => ({
  id: row.id,
  appId: row.app_id,
  userId: row.user_id,
  chainType: row.chain_type,
  walletIndex: row.wallet_index,
  address: row.address,
  signerKeyId: row.signer_key_id,
  imported: row.imported,
  delegated: row.delegated,
  additionalSigners: row.additional_signers,
  createdAt: Number(row.created_at),
  exportedAt: row.exported_at === null ? null : Number(row.exported_at),
})

/** Unguessable and URL-safe, like the reference's wallet ids (and the delegation ids they share the rpc route with). */
export const newServerWalletId = () => randomBytes(12).toString('hex')

export async function findServerWallet(db: Queryable, appId: string, id: string): Promise<ServerWalletRecord | null> {
  const [row] = await db.query<ServerWalletRow>(`SELECT ${columns} FROM server_wallets WHERE app_id = $1 AND id = $2`, [appId, id])
  return row ? toRecord(row) : null
}

export async function findServerWalletAtIndex(
  db: Queryable,
  appId: string,
  userId: string,
  chain: EmbeddedChainType,
  index: number,
): Promise<ServerWalletRecord | null> {
  const [row] = await db.query<ServerWalletRow>(
    `SELECT ${columns} FROM server_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $3 AND wallet_index = $4`,
    [appId, userId, chain, index],
  )
  return row ? toRecord(row) : null
}

export async function findServerWalletByAddress(db: Queryable, appId: string, address: string): Promise<ServerWalletRecord | null> {
  const [row] = await db.query<ServerWalletRow>(`SELECT ${columns} FROM server_wallets WHERE app_id = $1 AND address = $2`, [appId, address])
  return row ? toRecord(row) : null
}

export interface ServerWalletFilter {
  userId?: string
  chainType?: EmbeddedChainType
  after?: string
  limit: number
}

/** The app's wallets oldest first, from the one after the wallet `after` (a page's cursor: its last wallet's id). */
export async function listServerWallets(db: Queryable, appId: string, filter: ServerWalletFilter): Promise<ServerWalletRecord[]> {
  const rows = await db.query<ServerWalletRow>(
    `SELECT ${columns} FROM server_wallets w WHERE app_id = $1 AND ($2::text IS NULL OR user_id = $2) AND ($3::text IS NULL OR chain_type = $3)
       AND ($4::text IS NULL OR (created_at, id) > (SELECT created_at, id FROM server_wallets WHERE app_id = $1 AND id = $4))
     ORDER BY created_at, id LIMIT $5`,
    [appId, filter.userId ?? null, filter.chainType ?? null, filter.after ?? null, filter.limit],
  )
  return rows.map(toRecord)
}

/** The highest index of the user's created wallets of `chain` (imported ones sit below 0), or null with none. */
export async function highestServerWalletIndex(db: Queryable, appId: string, userId: string, chain: EmbeddedChainType): Promise<number | null> {
  const [row] = await db.query<{ highest: number | null }>(
    'SELECT max(wallet_index) AS highest FROM server_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $3 AND wallet_index >= 0',
    [appId, userId, chain],
  )
  return row?.highest ?? null
}

/** Imported wallets sit below index 0 (-1, -2...) so they never take the user's created wallet's place. */
export async function nextImportedIndex(db: Queryable, appId: string, userId: string, chain: EmbeddedChainType): Promise<number> {
  const [row] = await db.query<{ lowest: number | null }>(
    'SELECT min(wallet_index) AS lowest FROM server_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $3',
    [appId, userId, chain],
  )
  return Math.min(row?.lowest ?? 0, 0) - 1
}

export async function insertServerWallet(db: Queryable, wallet: ServerWalletRecord): Promise<void> {
  await db.query(`INSERT INTO server_wallets (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
    wallet.id,
    wallet.appId,
    wallet.userId,
    wallet.chainType,
    wallet.walletIndex,
    wallet.address,
    wallet.signerKeyId,
    wallet.imported,
    wallet.delegated,
    JSON.stringify(wallet.additionalSigners),
    wallet.createdAt,
    wallet.exportedAt,
  ])
}

/** Delegation of server-managed wallets: every session signer of the app may sign for them while `delegated`; revoking also drops the named ones. */
export async function setServerWalletsDelegated(
  db: Queryable,
  appId: string,
  where: { userId: string; address?: string },
  delegated: boolean,
): Promise<ServerWalletRecord[]> {
  const rows = await db.query<ServerWalletRow>(
    `UPDATE server_wallets SET delegated = $4, additional_signers = CASE WHEN $4 THEN additional_signers ELSE '[]'::jsonb END
     WHERE app_id = $1 AND user_id = $2 AND ($3::text IS NULL OR address = $3) RETURNING ${columns}`,
    [appId, where.userId, where.address ?? null, delegated],
  )
  return rows.map(toRecord)
}

/** The owner's list replaces both kinds: the named signers are then the wallet's whole set. */
export async function setAdditionalSigners(db: Queryable, wallet: ServerWalletRecord, signers: AdditionalSigner[]): Promise<ServerWalletRecord> {
  const [row] = await db.query<ServerWalletRow>(
    `UPDATE server_wallets SET delegated = false, additional_signers = $3::jsonb WHERE app_id = $1 AND id = $2 RETURNING ${columns}`,
    [wallet.appId, wallet.id, JSON.stringify(signers)],
  )
  return toRecord(row!)
}

/** Records an export: the wallet answers when its key last left the signer (sealed to its owner). */
export async function setServerWalletExported(db: Queryable, wallet: ServerWalletRecord, exportedAt: number): Promise<void> {
  await db.query('UPDATE server_wallets SET exported_at = $3 WHERE app_id = $1 AND id = $2', [wallet.appId, wallet.id, exportedAt])
}
