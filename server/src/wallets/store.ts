import type { EmbeddedChainType, EntropyIdVerifier } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'

export type RecoveryMethod = 'privy' | 'user-passcode' | 'google-drive'

/** One split of one entropy: the server's auth share and the sealed recovery share, at a version. */
export interface ShareSet {
  id: number
  appId: string
  userId: string
  chainType: EmbeddedChainType
  entropyId: string
  entropyIdVerifier: EntropyIdVerifier
  shareVersion: number
  /** Sealed with the key-encryption key (auth-share-seal.ts); open it only to release or use it. */
  authShareSealed: string
  recoveryMethod: RecoveryMethod
  /** Automatic: sealed by the server's recovery key; password: the frame's `SealedShare` JSON. */
  recoveryShareSealed: string
  imported: boolean
}

export interface EmbeddedWallet {
  chainType: EmbeddedChainType
  walletIndex: number
  address: string
  shareSetId: number
}

interface ShareSetRow {
  id: number
  app_id: string
  user_id: string
  chain_type: EmbeddedChainType
  entropy_id: string
  entropy_id_verifier: EntropyIdVerifier
  share_version: number
  auth_share: string
  recovery_method: RecoveryMethod
  recovery_share_sealed: string
  imported: boolean
}
interface WalletRow {
  chain_type: EmbeddedChainType
  wallet_index: number
  address: string
  share_set_id: number
}

const shareSetColumns =
  's.id, s.app_id, s.user_id, s.chain_type, s.entropy_id, s.entropy_id_verifier, s.share_version, s.auth_share, s.recovery_method, s.recovery_share_sealed, s.imported'
const toShareSet = (row: ShareSetRow): ShareSet => ({
  id: Number(row.id),
  appId: row.app_id,
  userId: row.user_id,
  chainType: row.chain_type,
  entropyId: row.entropy_id,
  entropyIdVerifier: row.entropy_id_verifier,
  shareVersion: row.share_version,
  authShareSealed: row.auth_share,
  recoveryMethod: row.recovery_method,
  recoveryShareSealed: row.recovery_share_sealed,
  imported: row.imported,
})
const toWallet = (row: WalletRow): EmbeddedWallet => ({
  chainType: row.chain_type,
  walletIndex: row.wallet_index,
  address: row.address,
  shareSetId: Number(row.share_set_id),
})

/** The user's wallet at `address` on `chain` with its share set, or null (also for another user's wallet). */
export async function findOwnedWallet(
  db: Queryable,
  appId: string,
  userId: string,
  chain: EmbeddedChainType,
  address: string,
): Promise<{ wallet: EmbeddedWallet; shareSet: ShareSet } | null> {
  const [row] = await db.query<WalletRow & ShareSetRow>(
    `SELECT w.wallet_index, w.address, w.share_set_id, ${shareSetColumns}
     FROM embedded_wallets w JOIN wallet_share_sets s ON s.id = w.share_set_id
     WHERE w.app_id = $1 AND w.user_id = $2 AND w.chain_type = $3 AND lower(w.address) = lower($4) AND w.address = $4`,
    [appId, userId, chain, address],
  )
  return row ? { wallet: toWallet(row), shareSet: toShareSet(row) } : null
}

export async function findWalletAtIndex(db: Queryable, appId: string, userId: string, chain: EmbeddedChainType, index: number): Promise<EmbeddedWallet | null> {
  const [row] = await db.query<WalletRow>(
    'SELECT chain_type, wallet_index, address, share_set_id FROM embedded_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $3 AND wallet_index = $4',
    [appId, userId, chain, index],
  )
  return row ? toWallet(row) : null
}

/** The first wallet of the share set a create with this idempotency key made, or null. */
export async function findWalletByIdempotencyKey(
  db: Queryable,
  appId: string,
  userId: string,
  key: string,
): Promise<{ wallet: EmbeddedWallet; entropyId: string } | null> {
  const [row] = await db.query<WalletRow & { entropy_id: string }>(
    `SELECT w.chain_type, w.wallet_index, w.address, w.share_set_id, s.entropy_id
     FROM wallet_share_sets s JOIN embedded_wallets w ON w.share_set_id = s.id AND w.address = s.entropy_id
     WHERE s.app_id = $1 AND s.user_id = $2 AND s.idempotency_key = $3`,
    [appId, userId, key],
  )
  return row ? { wallet: toWallet(row), entropyId: row.entropy_id } : null
}

export async function findShareSet(db: Queryable, appId: string, userId: string, chain: EmbeddedChainType, entropyId: string): Promise<ShareSet | null> {
  const [row] = await db.query<ShareSetRow>(
    `SELECT ${shareSetColumns} FROM wallet_share_sets s WHERE s.app_id = $1 AND s.user_id = $2 AND s.chain_type = $3 AND s.entropy_id = $4`,
    [appId, userId, chain, entropyId],
  )
  return row ? toShareSet(row) : null
}

/** Whether any embedded wallet or share set of the app (any user) uses `address`. */
export async function isAddressTaken(db: Queryable, appId: string, address: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM embedded_wallets WHERE app_id = $1 AND lower(address) = lower($2)
     UNION ALL SELECT 1 FROM wallet_share_sets WHERE app_id = $1 AND entropy_id = $2
     UNION ALL SELECT 1 FROM linked_accounts WHERE app_id = $1 AND type = 'wallet' AND lower(address) = lower($2)`,
    [appId, address],
  )
  return rows.length > 0
}

export async function highestWalletIndex(db: Queryable, appId: string, userId: string, chain: EmbeddedChainType): Promise<number | null> {
  const [row] = await db.query<{ highest: number | null }>(
    'SELECT max(wallet_index) AS highest FROM embedded_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $3',
    [appId, userId, chain],
  )
  return row?.highest ?? null
}

/** Imported wallets count down from -1, below the HD wallets (import-wallet.ts). */
export async function lowestWalletIndex(db: Queryable, appId: string, userId: string, chain: EmbeddedChainType): Promise<number | null> {
  const [row] = await db.query<{ lowest: number | null }>(
    'SELECT min(wallet_index) AS lowest FROM embedded_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = $3',
    [appId, userId, chain],
  )
  return row?.lowest ?? null
}

export interface NewShareSet extends Omit<ShareSet, 'id'> {
  idempotencyKey: string | null
}

export async function insertShareSet(db: Queryable, set: NewShareSet, now: number): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO wallet_share_sets (app_id, user_id, chain_type, entropy_id, entropy_id_verifier, share_version, auth_share,
       recovery_method, recovery_share_sealed, imported, idempotency_key, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [
      set.appId,
      set.userId,
      set.chainType,
      set.entropyId,
      set.entropyIdVerifier,
      set.shareVersion,
      set.authShareSealed,
      set.recoveryMethod,
      set.recoveryShareSealed,
      set.imported,
      set.idempotencyKey,
      now,
    ],
  )
  return Number(row!.id)
}

export async function insertWallet(db: Queryable, appId: string, userId: string, wallet: EmbeddedWallet, now: number): Promise<void> {
  await db.query(
    'INSERT INTO embedded_wallets (app_id, user_id, chain_type, wallet_index, address, share_set_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [appId, userId, wallet.chainType, wallet.walletIndex, wallet.address, wallet.shareSetId, now],
  )
}

export interface ReplacedShares {
  shareVersion: number
  authShareSealed: string
  recoveryMethod: RecoveryMethod
  recoveryShareSealed: string
}

/** Swaps in a new split only if the set is still at `previousVersion` (the old auth share is overwritten); false when it moved on. */
export async function replaceShares(db: Queryable, shareSetId: number, previousVersion: number, next: ReplacedShares, now: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE wallet_share_sets SET share_version = $3, auth_share = $4, recovery_method = $5, recovery_share_sealed = $6, updated_at = $7
     WHERE id = $1 AND share_version = $2 RETURNING id`,
    [shareSetId, previousVersion, next.shareVersion, next.authShareSealed, next.recoveryMethod, next.recoveryShareSealed, now],
  )
  return rows.length === 1
}

/** Every wallet of the share set: their linked accounts carry its recovery method. */
export async function walletAddressesOfShareSet(db: Queryable, shareSetId: number): Promise<string[]> {
  const rows = await db.query<{ address: string }>('SELECT address FROM embedded_wallets WHERE share_set_id = $1 ORDER BY wallet_index', [shareSetId])
  return rows.map((row) => row.address)
}

/** Whether `address` is one of the app's embedded wallets (their accounts cannot be unlinked). */
export async function isEmbeddedWalletAddress(db: Queryable, appId: string, address: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM embedded_wallets WHERE app_id = $1 AND lower(address) = lower($2) AND address = $2', [appId, address])).length > 0
}
