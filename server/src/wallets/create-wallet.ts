import type { z } from 'zod'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidData } from '../http/api-error.js'
import { openAuthShare, sealAuthShare } from './auth-share-seal.js'
import { reachedWalletCreationStep as reached } from './crash-point.js'
import { addressTaken, type CreatedWallet } from './created-wallet.js'
import { importEmbeddedWallet } from './import-wallet.js'
import { addEmbeddedWalletAccount } from './linked-account.js'
import { assertRecoveryMethodAllowed, storedRecoveryShare, visibleRecoveryShare } from './recovery-material.js'
import { normalizeAddress, type createBody } from './schemas.js'
import { assertShareSet } from './share-format.js'
import { findShareSet, findWalletAtIndex, findWalletByIdempotencyKey, insertShareSet, insertWallet, isAddressTaken } from './store.js'

/**
 * Registers a new share set and its wallet at index 0, all in one transaction (the caller answers only after
 * commit). One wallet per (user, chain, 0): the user's row lock serialises concurrent creates, and a later one
 * gets the existing wallet with `created: false` and its shares are not stored. `created` is true only when the
 * stored shares are this request's (also for a retry of a committed create).
 */
export async function createEmbeddedWallet(ctx: ServerContext, app: AppRecord, userId: string, body: z.infer<typeof createBody>): Promise<CreatedWallet> {
  const chain = body.chain_type
  const address = normalizeAddress(chain, body.address)
  if (!address) throw invalidData(`Invalid request body: address: not an ${chain === 'ethereum' ? 'Ethereum' : 'Solana'} address`)
  if (normalizeAddress(chain, body.entropy_id) !== address) throw invalidData('Invalid request body: entropy_id: must equal the address of a new wallet')
  assertShareSet(body.share_version, body.auth_share, visibleRecoveryShare(body.recovery))
  if (app.embeddedWallets.requireUserPasswordOnCreate && body.recovery.method !== 'user-passcode') {
    throw new ApiError(400, 'disallowed_recovery_method', 'This app requires a password for new wallets')
  }
  if (app.embeddedWallets.requireUserOwnedRecoveryOnCreate && body.recovery.method === 'privy') {
    throw new ApiError(400, 'disallowed_recovery_method', 'This app requires a user-owned recovery method (a password or a cloud backup) for new wallets')
  }
  assertRecoveryMethodAllowed(app, body.recovery)
  if (body.imported) return importEmbeddedWallet(ctx, app, userId, { ...body, address })
  const now = ctx.clock.now()
  const created = await ctx.db.transaction(async (tx) => {
    reached('began')
    await lockUser(tx, userId)
    reached('locked-user')
    const earlier = body.idempotency_key ? await findWalletByIdempotencyKey(tx, app.id, userId, body.idempotency_key) : null
    reached('found-by-idempotency-key')
    const existing = earlier?.wallet ?? (await findWalletAtIndex(tx, app.id, userId, chain, 0))
    reached('found-at-index')
    if (existing) {
      if (existing.chainType !== chain) throw invalidData('Invalid request body: idempotency_key: already used for a wallet of another chain')
      const stored = await findShareSet(tx, app.id, userId, chain, existing.address)
      return {
        address: existing.address,
        entropyId: existing.address,
        created: stored !== null && (await openAuthShare(ctx.keyEncryptionKeys, stored)) === body.auth_share,
      }
    }
    if (await isAddressTaken(tx, app.id, address)) throw addressTaken()
    reached('checked-address')
    const binding = { appId: app.id, entropyId: address, shareVersion: body.share_version }
    const recovery = storedRecoveryShare(ctx.walletRecoveryKey, body.recovery, binding)
    const imported = false
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
        imported,
        idempotencyKey: body.idempotency_key ?? null,
      },
      now,
    )
    reached('inserted-share-set')
    await insertWallet(tx, app.id, userId, { chainType: chain, walletIndex: 0, address, shareSetId }, now)
    reached('inserted-wallet')
    await addEmbeddedWalletAccount(tx, app.id, userId, address, { chainType: chain, walletIndex: 0, recoveryMethod: recovery.recoveryMethod, imported }, now)
    reached('linked-account')
    return { address, entropyId: address, created: true }
  })
  reached('committed')
  return created
}
