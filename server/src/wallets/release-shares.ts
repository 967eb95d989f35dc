import type { AuthShareResponse, KeyMaterialResponse, KeySealedShare, SealedShare } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { openAuthShare } from './auth-share-seal.js'
import { unsealRecoveryShare } from './recovery-seal.js'
import type { ShareSet } from './store.js'

/** What `auth_share` releases: the auth share (opened from its seal) and the share set it belongs to. */
export async function authShareResponse(ctx: Pick<ServerContext, 'keyEncryptionKeys'>, shareSet: ShareSet): Promise<AuthShareResponse> {
  return {
    auth_share: await openAuthShare(ctx.keyEncryptionKeys, shareSet),
    share_version: shareSet.shareVersion,
    entropy_id: shareSet.entropyId,
    entropy_id_verifier: shareSet.entropyIdVerifier,
  }
}

/** What `recovery/key_material` releases: the auth share plus the recovery share (automatic: unsealed here; password or cloud: still sealed). */
export async function keyMaterialResponse(
  ctx: Pick<ServerContext, 'keyEncryptionKeys' | 'walletRecoveryKey'>,
  shareSet: ShareSet,
): Promise<KeyMaterialResponse> {
  if (shareSet.recoveryMethod !== 'privy') {
    return {
      ...(await authShareResponse(ctx, shareSet)),
      recovery_method: shareSet.recoveryMethod,
      sealed_recovery_share: JSON.parse(shareSet.recoveryShareSealed) as SealedShare | KeySealedShare,
    }
  }
  const binding = { appId: shareSet.appId, entropyId: shareSet.entropyId, shareVersion: shareSet.shareVersion }
  return {
    ...(await authShareResponse(ctx, shareSet)),
    recovery_method: 'privy',
    recovery_share: unsealRecoveryShare(ctx.walletRecoveryKey, shareSet.recoveryShareSealed, binding),
  }
}
