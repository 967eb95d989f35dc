/**
 * A new share set (a created wallet's entropy, or an imported key) at version 1: the secret is split, this device's
 * share stored first, then the server stores the auth and recovery shares. `undo()` puts this device's storage back
 * as it was, for when the server refused the set or kept another wallet instead.
 */
import type { CreateEmbeddedWalletResponse, EmbeddedChainType } from '../../protocol/index.js'
import { entropyIdVerifierOf } from '../../protocol/index.js'
import { splitSecret } from '../../protocol/custody/share-wrapper.js'
import { bytesToBase64 } from '../encoding.js'
import type { FrameContext } from './context.js'
import { recoveryInput, type RecoveryChoice } from './reshare.js'

export interface NewShareSet {
  accessToken: string
  chainType: EmbeddedChainType
  secret: Uint8Array
  /** The address the secret gives at index 0. */
  entropyId: string
  recovery: RecoveryChoice
  imported?: boolean
  idempotencyKey?: string
}

export async function registerShareSet(context: FrameContext, set: NewShareSet): Promise<{ response: CreateEmbeddedWalletResponse; undo(): Promise<void> }> {
  const { entropyId } = set
  const shares = await splitSecret(set.secret, 1)
  const recovery = await recoveryInput(context, set.recovery, shares.recovery, entropyId)
  // A device share of an earlier set at this address (a key imported again) comes back if this one is not kept.
  const earlier = await context.deviceShares.get(context.appId, entropyId)
  await context.deviceShares.put({ appId: context.appId, entropyId, shareVersion: 1, share: shares.device })
  const undo = async () => void (await (earlier ? context.deviceShares.put(earlier) : context.deviceShares.delete(context.appId, entropyId)))
  const response = await context.api
    .create(set.accessToken, {
      chain_type: set.chainType,
      address: entropyId,
      entropy_id: entropyId,
      entropy_id_verifier: entropyIdVerifierOf(set.chainType),
      share_version: 1,
      auth_share: bytesToBase64(shares.auth),
      recovery,
      ...(set.imported && { imported: true }),
      ...(set.idempotencyKey && { idempotency_key: set.idempotencyKey }),
    })
    .catch(async (error: unknown) => {
      await undo()
      throw error
    })
  return { response, undo }
}
