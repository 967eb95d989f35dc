import type { z } from 'zod'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { revokeOtherSessions } from '../sessions/store.js'
import { sealAuthShare } from './auth-share-seal.js'
import { endDelegations, markDelegated } from './delegation-store.js'
import { setEmbeddedRecoveryMethod } from './linked-account.js'
import { assertRecoveryMethodAllowed, storedRecoveryShare, visibleRecoveryShare } from './recovery-material.js'
import type { reshareBody } from './schemas.js'
import { assertShareSet } from './share-format.js'
import { replaceShares, walletAddressesOfShareSet } from './store.js'
import { assertWalletActionAllowed, requireOwnedWallet, type WalletCaller } from './wallet-access.js'

const sharesMoved = () => invalidData('Wallet shares changed on another device')

/**
 * Stores a new split (version + 1) of the wallet's share set: new auth and recovery shares replace the old ones
 * (the old auth share is gone, so an old device share no longer combines). A stale `previous_share_version` is refused.
 */
export async function reshareEmbeddedWallet(
  ctx: ServerContext,
  app: AppRecord,
  caller: WalletCaller,
  address: string,
  body: z.infer<typeof reshareBody>,
): Promise<number> {
  const nextVersion = body.previous_share_version + 1
  assertShareSet(nextVersion, body.auth_share, visibleRecoveryShare(body.recovery))
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, caller.userId)
    const { shareSet } = await requireOwnedWallet(tx, app, caller, body.chain_type, address)
    await assertWalletActionAllowed(ctx, tx, app, caller, shareSet, 'reshare')
    if (shareSet.shareVersion !== body.previous_share_version) throw sharesMoved()
    // A change must be to a method the app offers; recovery keeps the wallet's method even if the app dropped it since.
    if (body.recovery.method !== shareSet.recoveryMethod) assertRecoveryMethodAllowed(app, body.recovery)
    const binding = { appId: app.id, entropyId: shareSet.entropyId, shareVersion: nextVersion }
    const recovery = storedRecoveryShare(ctx.walletRecoveryKey, body.recovery, binding)
    const authShareSealed = await sealAuthShare(ctx.keyEncryptionKeys, body.auth_share, binding)
    if (!(await replaceShares(tx, shareSet.id, body.previous_share_version, { shareVersion: nextVersion, authShareSealed, ...recovery }, now)))
      throw sharesMoved()
    // The delegated device share no longer combines with the new auth share: the delegation ends now, not at the next use.
    await markDelegated(tx, app.id, await endDelegations(tx, { shareSetId: shareSet.id }, now), false)
    if (recovery.recoveryMethod !== shareSet.recoveryMethod) {
      await setEmbeddedRecoveryMethod(tx, app.id, await walletAddressesOfShareSet(tx, shareSet.id), recovery.recoveryMethod)
    }
    // A new recovery password or method (the server cannot tell it from a recovery here) ends the other sessions (docs/security.md #35).
    await revokeOtherSessions(tx, { userId: caller.userId, appId: app.id, keepSessionId: caller.sessionId, now })
    return nextVersion
  })
}
