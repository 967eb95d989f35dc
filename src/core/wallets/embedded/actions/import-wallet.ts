import {
  embeddedWalletNotFoundError,
  invalidCreateArgsError,
  invalidRecoveryPasswordTypeError,
  mustBeAuthenticatedToCreateError,
  passwordRequiredByAppError,
} from '../../../errors/embedded-wallet-errors.js'
import { passwordRequiredToCreate } from '../create-on-login.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet, ImportWalletInput } from '../types.js'
import { callFrame } from './frame-call.js'
import { syncWallets } from './status.js'

/** Wallet spec, "States and transitions": private-key import (on-device): the frame validates and splits the key; the wallet is its own share set. */
export async function importWallet(
  context: EmbeddedWalletsContext,
  { privateKey, chainType = 'ethereum', recoveryPassword }: ImportWalletInput,
): Promise<EmbeddedWallet> {
  const { deps } = context
  if (!deps.getUser()) throw mustBeAuthenticatedToCreateError()
  if (chainType !== 'ethereum' && chainType !== 'solana') throw invalidCreateArgsError(`Unknown chain type ${String(chainType)}`)
  if (recoveryPassword !== undefined && typeof recoveryPassword !== 'string') throw invalidRecoveryPasswordTypeError()
  // An imported key is a share set of its own: the app's password rule applies to it as to a created one.
  if (passwordRequiredToCreate(deps.getConfig()) && !recoveryPassword) throw passwordRequiredByAppError()
  const result = await callFrame(context, 'import', { privateKey, chainType, mode: 'on-device', ...(recoveryPassword && { recoveryPassword }) })
  if (deps.getUser()?.id !== result.user.id) throw mustBeAuthenticatedToCreateError()
  syncWallets(context, await deps.replaceUser(result.user))
  const wallet = deps.state.get().wallets.find((candidate) => candidate.address === result.address)
  if (!wallet) throw embeddedWalletNotFoundError()
  // The frame holds the new device share: the wallet signs without a connect.
  context.runtime.connections.set(wallet.entropyId, Promise.resolve('connected'))
  return wallet
}
