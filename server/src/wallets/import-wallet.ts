import type { z } from 'zod'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import { openAuthShare, sealAuthShare } from './auth-share-seal.js'
import { addressTaken, type CreatedWallet } from './created-wallet.js'
import { addEmbeddedWalletAccount } from './linked-account.js'
import { storedRecoveryShare } from './recovery-material.js'
import type { createBody } from './schemas.js'
import { findShareSet, insertShareSet, insertWallet, isAddressTaken, lowestWalletIndex } from './store.js'

/**
 * Registers an imported private key (wallet spec, "States and transitions", on-device mode; `imported: true`): a share set of its own whose
 * only wallet is the key's address. It is not the user's HD wallet of its chain: it is stored below index 0 (the
 * first import at -1, the next at -2) and its linked account says `wallet_index: 0, imported: true`. Importing the
 * same key again answers the stored wallet (`created` only for a retry with the stored shares); another user's
 * address is refused.
 */
export async function importEmbeddedWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: z.infer<typeof createBody> & { address: string },
): Promise<CreatedWallet> {
  const { chain_type: chain, address } = body
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const stored = await findShareSet(tx, app.id, userId, chain, address)
    if (stored) return { address, entropyId: address, created: stored.imported && (await openAuthShare(ctx.keyEncryptionKeys, stored)) === body.auth_share }
    if (await isAddressTaken(tx, app.id, address)) throw addressTaken()
    const binding = { appId: app.id, entropyId: address, shareVersion: body.share_version }
    const recovery = storedRecoveryShare(ctx.walletRecoveryKey, body.recovery, binding)
    const shareSetId = await insertShareSet(
      tx,
      {
        appId: app.id,
        userId,
        chainType: chain,
        entropyId: address,
        entropyIdVerifier: body.entropy_id_verifier,
        shareVersion: body.share_version,
        authShareSealed: await sealAuthShare(ctx.keyEncryptionKeys, body.auth_share, binding),
        ...recovery,
        imported: true,
        idempotencyKey: body.idempotency_key ?? null,
      },
      now,
    )
    const walletIndex = Math.min((await lowestWalletIndex(tx, app.id, userId, chain)) ?? 0, 0) - 1
    await insertWallet(tx, app.id, userId, { chainType: chain, walletIndex, address, shareSetId }, now)
    await addEmbeddedWalletAccount(
      tx,
      app.id,
      userId,
      address,
      { chainType: chain, walletIndex: 0, recoveryMethod: recovery.recoveryMethod, imported: true },
      now,
    )
    return { address, entropyId: address, created: true }
  })
}
