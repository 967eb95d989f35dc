import { z } from 'zod'
import { DELEGATION_NOT_OWNED_MESSAGE } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidData } from '../http/api-error.js'
import { openAuthShare } from './auth-share-seal.js'
import { openDelegatedKey } from './delegated-keys.js'
import { sealDelegatedShare } from './delegation-seal.js'
import { markDelegated, upsertDelegation } from './delegation-store.js'
import { addressText, chainType, normalizeAddress, share } from './schemas.js'
import { readShareHeader } from './share-format.js'
import { findOwnedWallet } from './store.js'
import { assertWalletActionAllowed, type WalletCaller } from './wallet-access.js'

export const delegateBody = z.object({ address: addressText, chain_type: chainType, device_share: share })

export const featureNotEnabled = () => new ApiError(403, 'feature_not_enabled', 'Delegated actions are not enabled for this app')
const notOwned = () => new ApiError(404, 'not_found', DELEGATION_NOT_OWNED_MESSAGE)
const wrongShare = () => invalidData('Invalid request body: device_share: it does not open this wallet')

/**
 * Offline access for one embedded wallet (wallet spec, "Validation rules": "Delegation"): the owner's session, MFA when enrolled (the same
 * gate as every share release), the app's `delegated_actions_enabled`, and a device share that, with the auth share,
 * rebuilds this very wallet. The share is then sealed at rest: from here the server can sign for the wallet (custodial
 * while delegated). Imported wallets can be delegated too: their share set opens the same way. Answers the wallet id.
 */
export async function delegateWallet(ctx: ServerContext, app: AppRecord, caller: WalletCaller, body: z.infer<typeof delegateBody>): Promise<string> {
  if (!app.embeddedWallets.delegatedActionsEnabled) throw featureNotEnabled()
  const address = normalizeAddress(body.chain_type, body.address)
  if (!address) throw notOwned()
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, caller.userId)
    const found = await findOwnedWallet(tx, app.id, caller.userId, body.chain_type, address)
    if (!found) throw notOwned()
    const { wallet, shareSet } = found
    await assertWalletActionAllowed(ctx, tx, app, caller, shareSet, 'delegate')
    if (readShareHeader(body.device_share, 'device_share').shareVersion !== shareSet.shareVersion) throw wrongShare()
    // Imported wallets sit at negative indexes on the server (import-wallet.ts); their key is the secret itself, index 0.
    const keyIndex = shareSet.imported ? 0 : wallet.walletIndex
    const key = await openDelegatedKey(body.device_share, await openAuthShare(ctx.keyEncryptionKeys, shareSet), wallet.chainType, keyIndex, wallet.address)
    if (!key) throw wrongShare()
    key.fill(0)
    const binding = { appId: app.id, entropyId: shareSet.entropyId, shareVersion: shareSet.shareVersion }
    const walletId = await upsertDelegation(
      tx,
      {
        appId: app.id,
        userId: caller.userId,
        chainType: wallet.chainType,
        address: wallet.address,
        walletIndex: keyIndex,
        shareSetId: shareSet.id,
        shareVersion: shareSet.shareVersion,
        deviceShareSealed: sealDelegatedShare(ctx.walletRecoveryKey, body.device_share, binding),
      },
      now,
    )
    await markDelegated(tx, app.id, [wallet.address], true, walletId)
    return walletId
  })
}
