/**
 * A new split of an opened share set (version + 1): the new device share is stored, then the server swaps in the new
 * auth and recovery shares and retires the old auth share (docs/security.md #46). Used by recovery and recovery changes.
 */
import type { EmbeddedChainType, RecoveryShareInput, ReshareResponse } from '../../protocol/index.js'
import { sealShareWithKey } from '../custody/seal-key.js'
import { sealShare } from '../custody/seal-password.js'
import { splitSecret } from '../../protocol/custody/share-wrapper.js'
import { bytesToBase64 } from '../encoding.js'
import type { FrameContext } from './context.js'

/** Google Drive: the key already in the user's Drive, in file `keyFile`. */
export type RecoveryChoice = { method: 'privy' } | { method: 'user-passcode'; password: string } | { method: 'google-drive'; key: Uint8Array; keyFile: string }

/** Automatic: the server seals the share with its own key; password or cloud key: sealed here, the server keeps it opaque. */
export async function recoveryInput(context: FrameContext, choice: RecoveryChoice, recoveryShare: Uint8Array, entropyId: string): Promise<RecoveryShareInput> {
  if (choice.method === 'privy') return { method: 'privy', share: bytesToBase64(recoveryShare) }
  if (choice.method === 'google-drive') return { method: 'google-drive', sealed: await sealShareWithKey(recoveryShare, choice.key, entropyId, choice.keyFile) }
  return { method: 'user-passcode', sealed: await sealShare(recoveryShare, choice.password, entropyId, context.passwordKdf) }
}

export interface ReshareRequest {
  accessToken: string
  entropyId: string
  chainType: EmbeddedChainType
  entropy: Uint8Array
  previousVersion: number
  recovery: RecoveryChoice
}

export async function reshareShareSet(context: FrameContext, request: ReshareRequest): Promise<ReshareResponse> {
  const { accessToken, entropyId, chainType, entropy, previousVersion } = request
  const shareVersion = previousVersion + 1
  const shares = await splitSecret(entropy, shareVersion)
  const recovery = await recoveryInput(context, request.recovery, shares.recovery, entropyId)
  await context.deviceShares.put({ appId: context.appId, entropyId, shareVersion, share: shares.device })
  return context.api.reshare(accessToken, entropyId, {
    chain_type: chainType,
    previous_share_version: previousVersion,
    auth_share: bytesToBase64(shares.auth),
    recovery,
  })
}
