import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { addEmbeddedWalletAccount } from '../wallets/linked-account.js'
import { serverWalletsNotEnabled } from './errors.js'
import { invalidData } from '../http/api-error.js'
import { findServerWalletAtIndex, highestServerWalletIndex, insertServerWallet, newServerWalletId, type ServerWalletRecord } from './store.js'

export const isServerWalletsMode = (app: AppRecord) => app.embeddedWallets.mode === 'user-controlled-server-wallets-only'

export function requireServerWalletsMode(app: AppRecord): void {
  if (!isServerWalletsMode(app)) throw serverWalletsNotEnabled()
}

/** What the wallet row and the user's linked account both record, in one transaction. */
export async function recordServerWallet(tx: Queryable, wallet: ServerWalletRecord): Promise<void> {
  await insertServerWallet(tx, wallet)
  await addEmbeddedWalletAccount(
    tx,
    wallet.appId,
    wallet.userId,
    wallet.address,
    {
      chainType: wallet.chainType,
      walletIndex: Math.max(wallet.walletIndex, 0),
      recoveryMethod: 'privy-v2',
      imported: wallet.imported,
      id: wallet.id,
    },
    wallet.createdAt,
  )
}

/** Creation rules of the wallet spec, "States and transitions": an index above 0 needs the primary wallet, and indexes go up one at a time. */
async function assertNextIndex(tx: Queryable, app: AppRecord, userId: string, chainType: EmbeddedChainType, walletIndex: number): Promise<void> {
  if (walletIndex === 0) return
  const highest = await highestServerWalletIndex(tx, app.id, userId, chainType)
  if (highest === null) throw invalidData('Invalid request body: wallet_index: an index above 0 needs an existing wallet at index 0')
  if (walletIndex !== highest + 1) throw invalidData(`Invalid request body: wallet_index: the next wallet index is ${highest + 1}`)
}

/**
 * The user's server-managed wallet of `chainType` at `walletIndex` (0, the primary, unless asked), created by the
 * signer when there is none. The user's row lock serialises concurrent calls, so they answer one wallet; a key made
 * for a call that then fails stays unused in the signer's store (it never had an address anywhere else).
 */
export async function createServerWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  chainType: EmbeddedChainType,
  walletIndex = 0,
): Promise<ServerWalletRecord> {
  requireServerWalletsMode(app)
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const existing = await findServerWalletAtIndex(tx, app.id, userId, chainType, walletIndex)
    if (existing) return existing
    await assertNextIndex(tx, app, userId, chainType, walletIndex)
    const key = await ctx.signer.createKey({ appId: app.id, chainType })
    const wallet: ServerWalletRecord = {
      id: newServerWalletId(),
      appId: app.id,
      userId,
      chainType,
      walletIndex,
      address: key.address,
      signerKeyId: key.keyId,
      imported: false,
      delegated: false,
      additionalSigners: [],
      createdAt: ctx.clock.now(),
      exportedAt: null,
    }
    await recordServerWallet(tx, wallet)
    return wallet
  })
}
