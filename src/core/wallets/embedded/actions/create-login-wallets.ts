import {
  invalidCreateArgsError,
  invalidRecoveryPasswordTypeError,
  passwordRequiredByAppError,
  unsupportedRecoveryActionError,
} from '../../../errors/embedded-wallet-errors.js'
import { passwordRequiredToCreate } from '../create-on-login.js'
import type { EmbeddedWalletsContext, LoginRecovery } from '../state.js'
import type { EmbeddedWallet, LoginRecoveryInput } from '../types.js'
import { cloudAccessToken } from './cloud-access-token.js'

/**
 * Gives the waiting login's creation its recovery: a password, or a Google Drive backup (the provider's window
 * opens at once: call inside the click); resolves with the wallets it made (Ethereum, then Solana).
 */
export async function createLoginWallets(context: EmbeddedWalletsContext, input: LoginRecoveryInput): Promise<EmbeddedWallet[]> {
  const { runtime } = context
  const cloud = 'recoveryMethod' in input
  if (cloud && input.recoveryMethod !== 'google-drive') throw unsupportedRecoveryActionError()
  if (!cloud && (typeof input.recoveryPassword !== 'string' || !input.recoveryPassword)) throw invalidRecoveryPasswordTypeError()
  const waiting = runtime.loginCreationWaiting
  if (!waiting) throw invalidCreateArgsError('No wallet creation is waiting for a recovery method.')
  if (cloud && passwordRequiredToCreate(context.deps.getConfig())) throw passwordRequiredByAppError()
  // A refused consent leaves the creation waiting for another choice.
  const recovery: LoginRecovery = cloud
    ? { recoveryAccessToken: await cloudAccessToken(context, 'google-drive') }
    : { recoveryPassword: input.recoveryPassword }
  if (runtime.loginCreationWaiting !== waiting) throw invalidCreateArgsError('No wallet creation is waiting for a recovery method.')
  runtime.loginCreationWaiting = null
  waiting.giveRecovery(recovery)
  return waiting.wallets
}
