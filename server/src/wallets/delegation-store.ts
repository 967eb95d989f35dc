import { randomBytes } from 'node:crypto'
import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'

/**
 * A wallet's delegation: its wallet id (given at the first delegation and kept, so `/rpc` can tell a revoked wallet
 * from an unknown one) and, while delegated, the device share sealed for this server at the share set's version.
 */
export interface WalletDelegation {
  walletId: string
  appId: string
  userId: string
  chainType: EmbeddedChainType
  address: string
  /** The key's derivation index (0 for an imported wallet). */
  walletIndex: number
  shareSetId: number
  /** Null once revoked. */
  shareVersion: number | null
  deviceShareSealed: string | null
}

interface DelegationRow {
  wallet_id: string
  app_id: string
  user_id: string
  chain_type: EmbeddedChainType
  address: string
  wallet_index: number
  share_set_id: number
  share_version: number | null
  device_share_sealed: string | null
}

const columns = 'wallet_id, app_id, user_id, chain_type, address, wallet_index, share_set_id, share_version, device_share_sealed'
const toDelegation = (row: DelegationRow): WalletDelegation => ({
  walletId: row.wallet_id,
  appId: row.app_id,
  userId: row.user_id,
  chainType: row.chain_type,
  address: row.address,
  walletIndex: row.wallet_index,
  shareSetId: Number(row.share_set_id),
  shareVersion: row.share_version,
  deviceShareSealed: row.device_share_sealed,
})

/** Unguessable and URL-safe, like the reference's wallet ids. */
const newWalletId = () => randomBytes(12).toString('hex')

export async function findDelegation(db: Queryable, appId: string, walletId: string): Promise<WalletDelegation | null> {
  const [row] = await db.query<DelegationRow>(`SELECT ${columns} FROM wallet_delegations WHERE app_id = $1 AND wallet_id = $2`, [appId, walletId])
  return row ? toDelegation(row) : null
}

export type NewDelegation = Omit<WalletDelegation, 'walletId' | 'shareVersion' | 'deviceShareSealed'> & { shareVersion: number; deviceShareSealed: string }

/** Stores (or replaces) the wallet's delegation and answers its wallet id, the same one on every delegation of the wallet. */
export async function upsertDelegation(db: Queryable, delegation: NewDelegation, now: number): Promise<string> {
  const [row] = await db.query<{ wallet_id: string }>(
    `INSERT INTO wallet_delegations (${columns}, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (app_id, lower(address)) DO UPDATE SET share_set_id = $7, share_version = $8, device_share_sealed = $9, updated_at = $10
     RETURNING wallet_id`,
    [
      newWalletId(),
      delegation.appId,
      delegation.userId,
      delegation.chainType,
      delegation.address,
      delegation.walletIndex,
      delegation.shareSetId,
      delegation.shareVersion,
      delegation.deviceShareSealed,
      now,
    ],
  )
  return row!.wallet_id
}

/** Who loses a delegation: a user's (all, or the one of `walletId`: revoke, a stale share), or a share set's (a reshare). */
export type DelegationScope = { appId: string; userId: string; walletId?: string } | { shareSetId: number }

/** Drops the sealed shares of the delegations in `scope`; answers the addresses that were delegated. */
export async function endDelegations(db: Queryable, scope: DelegationScope, now: number): Promise<string[]> {
  const [where, params] =
    'shareSetId' in scope
      ? ['share_set_id = $2', [scope.shareSetId]]
      : ['app_id = $2 AND user_id = $3 AND ($4::text IS NULL OR wallet_id = $4)', [scope.appId, scope.userId, scope.walletId ?? null]]
  const rows = await db.query<{ address: string }>(
    `UPDATE wallet_delegations SET share_version = NULL, device_share_sealed = NULL, updated_at = $1
     WHERE device_share_sealed IS NOT NULL AND ${where} RETURNING address`,
    [now, ...params],
  )
  return rows.map((row) => row.address)
}

/** The wallet accounts show the delegation: `delegated` and, from the first delegation on, the wallet `id`. */
export async function markDelegated(db: Queryable, appId: string, addresses: string[], delegated: boolean, walletId?: string): Promise<void> {
  if (addresses.length === 0) return
  await db.query(`UPDATE linked_accounts SET details = details || $3::jsonb WHERE app_id = $1 AND type = 'wallet' AND address = ANY($2::text[])`, [
    appId,
    addresses,
    JSON.stringify({ delegated, ...(walletId ? { id: walletId } : {}) }),
  ])
}
