import type { AuthShareResponse, KeyMaterialResponse, KeySealedShare, SealedShare } from '../../../src/protocol/index.js'
import { unsealRecoveryShare } from './recovery-seal.js'
import type { ShareSet } from './store.js'

/** What `auth_share` releases: the auth share and the share set it belongs to. */
export function authShareResponse(shareSet: ShareSet): AuthShareResponse {
  return { auth_share: shareSet.authShare, share_version: shareSet.shareVersion, entropy_id: shareSet.entropyId, entropy_id_verifier: shareSet.entropyIdVerifier }
}

/** What `recovery/key_material` releases: the auth share plus the recovery share (automatic: unsealed here; password or cloud: still sealed). */
export function keyMaterialResponse(recoveryKey: Buffer, shareSet: ShareSet): KeyMaterialResponse {
  if (shareSet.recoveryMethod !== 'privy') {
    return { ...authShareResponse(shareSet), recovery_method: shareSet.recoveryMethod, sealed_recovery_share: JSON.parse(shareSet.recoveryShareSealed) as SealedShare | KeySealedShare }
  }
  const binding = { appId: shareSet.appId, entropyId: shareSet.entropyId, shareVersion: shareSet.shareVersion }
  return { ...authShareResponse(shareSet), recovery_method: 'privy', recovery_share: unsealRecoveryShare(recoveryKey, shareSet.recoveryShareSealed, binding) }
}
