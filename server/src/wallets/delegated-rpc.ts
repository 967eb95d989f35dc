import type { WalletRpcResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError, invalidData } from '../http/api-error.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import type { RateLimitRule } from '../rate-limit/settings.js'
import { openAuthShare } from './auth-share-seal.js'
import { featureNotEnabled } from './delegate-wallet.js'
import { sameAddress } from '../../../src/protocol/same-address.js'
import { openDelegatedKey } from './delegated-keys.js'
import { unsealDelegatedShare } from './delegation-seal.js'
import { endDelegations, findDelegation, markDelegated } from './delegation-store.js'
import { findOwnedWallet } from './store.js'
import { chainOfMethod, type WalletRpcRequest } from '../wallet-signing/rpc-request.js'
import { signWalletRequest } from '../wallet-signing/sign-wallet-request.js'

/** Signatures per app: a leaked app secret cannot drain the server's CPU (or the wallets) at full speed. */
export const WALLET_RPC_PER_APP: RateLimitRule = { max: 600, windowSeconds: 60 }

const notDelegated = () => new ApiError(403, 'user_has_not_delegated_wallet', 'The user has not delegated this wallet')
const walletNotFound = () => new ApiError(404, 'not_found', 'Wallet not found')

/**
 * Signs for a delegated wallet as the app's backend (the caller checked the app secret). The delegated device share and
 * the auth share rebuild the key, which must derive the wallet's address before anything is signed (docs/security.md #45);
 * the key is zeroed after the signature. A wallet re-shared since its delegation (recovery, a new password) no longer
 * opens with the delegated share: that delegation ends here and the user must delegate again.
 */
export async function signWithDelegation(ctx: ServerContext, app: AppRecord, walletId: string, request: WalletRpcRequest): Promise<WalletRpcResponse> {
  await hitRateLimit(ctx.db, ctx.clock, `wallet-rpc-app:${app.id}`, WALLET_RPC_PER_APP)
  if (!app.embeddedWallets.delegatedActionsEnabled) throw featureNotEnabled()
  const delegation = await findDelegation(ctx.db, app.id, walletId)
  if (!delegation) throw walletNotFound()
  const chain = chainOfMethod(request.method)
  if (chain !== delegation.chainType || (request.chain_type && request.chain_type !== delegation.chainType)) {
    throw invalidData(`Invalid request body: method: ${request.method} does not sign for a ${delegation.chainType} wallet`)
  }
  if (request.address && !sameAddress(chain, request.address, delegation.address)) throw invalidData('Invalid request body: address: not this wallet')
  if (!delegation.deviceShareSealed || delegation.shareVersion === null) throw notDelegated()

  const found = await findOwnedWallet(ctx.db, app.id, delegation.userId, delegation.chainType, delegation.address)
  if (!found || found.shareSet.id !== delegation.shareSetId) throw walletNotFound()
  const { shareSet } = found
  if (shareSet.shareVersion !== delegation.shareVersion) {
    await ctx.db.transaction(async (tx) =>
      markDelegated(tx, app.id, await endDelegations(tx, { appId: app.id, userId: delegation.userId, walletId }, ctx.clock.now()), false),
    )
    throw notDelegated()
  }
  const binding = { appId: app.id, entropyId: shareSet.entropyId, shareVersion: shareSet.shareVersion }
  const deviceShare = unsealDelegatedShare(ctx.walletRecoveryKey, delegation.deviceShareSealed, binding)
  const key = await openDelegatedKey(
    deviceShare,
    await openAuthShare(ctx.keyEncryptionKeys, shareSet),
    delegation.chainType,
    delegation.walletIndex,
    delegation.address,
  )
  // Stored shares that no longer rebuild the wallet are a server fault, never the app's: nothing is signed.
  if (!key) throw new ApiError(500, 'internal_error', 'The delegated wallet could not be opened')
  try {
    // The wallet spec's methods answer in the wallet spec's shapes.
    return (await signWalletRequest(key, request)) as WalletRpcResponse
  } finally {
    key.fill(0)
  }
}
