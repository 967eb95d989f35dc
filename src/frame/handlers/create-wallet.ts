/**
 * `wallet:create` / `solana-wallet:create`: a new share set (fresh entropy, version 1). The device share is stored
 * first, then the server stores the other two; the host learns the address only after the server's 2xx
 * (docs/security.md #57). When the user already has a wallet on that chain (`created: false`, e.g. another tab won), this
 * set is discarded and the existing wallet is answered: the host connects or recovers it.
 */
import { entropyIdVerifierOf, type CreateWalletData, type EmbeddedChainType, type WalletChangeResult } from '../../protocol/index.js'
import { generateEntropy, seedOf } from '../../protocol/custody/entropy.js'
import { walletAddress } from '../../protocol/custody/wallet-address.js'
import { sameAddress } from '../../protocol/same-address.js'
import { FrameError } from '../errors.js'
import type { FrameContext } from './context.js'
import { googleDriveRecoveryChoice } from './google-drive-recovery-choice.js'
import { createServerWallet } from '../server-wallets/create.js'
import { registerShareSet } from './register-share-set.js'
import type { RecoveryChoice } from './reshare.js'
import { requireAccessToken, requirePassword, requireText } from './validate.js'

/** Google Drive: the key goes to the user's Drive before the server sees the set, so it never holds an openable recovery share. */
async function recoveryChoiceOf(context: FrameContext, data: CreateWalletData, entropyId: string): Promise<RecoveryChoice> {
  const method = data.recoveryMethod ?? 'privy'
  if (method === 'privy') return { method }
  if (method === 'user-passcode') return { method, password: requirePassword(data.recoveryPassword) }
  if (method === 'google-drive') return googleDriveRecoveryChoice(context, data.recoveryAccessToken, entropyId)
  throw new FrameError('invalid_request_arguments', 'Unknown recovery method')
}

export async function createWallet(context: FrameContext, chainType: EmbeddedChainType, data: CreateWalletData): Promise<WalletChangeResult> {
  const accessToken = requireAccessToken(data.accessToken)
  const idempotencyKey = data.idempotencyKey === undefined ? undefined : requireText(data.idempotencyKey, 'idempotencyKey', 200)
  if (context.serverWalletsOnly) return createServerWallet(context, chainType, accessToken, data)
  const entropyIdVerifier = entropyIdVerifierOf(chainType)

  const entropy = generateEntropy()
  const entropyId = walletAddress(chainType, await seedOf(entropy), 0)
  const recovery = await recoveryChoiceOf(context, data, entropyId)
  const { response, undo } = await registerShareSet(context, {
    accessToken,
    chainType,
    secret: entropy,
    entropyId,
    recovery,
    ...(idempotencyKey && { idempotencyKey }),
  })
  // Only a wallet made of these very shares is this set's; anything else is the wallet the user already had.
  if (!response.created || !sameAddress(chainType, response.address, entropyId)) {
    await undo()
    return { user: response.user, address: response.address, entropyId: response.entropy_id, entropyIdVerifier }
  }
  return { user: response.user, address: entropyId, entropyId, entropyIdVerifier }
}
