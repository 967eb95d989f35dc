import type { SetRecoveryData } from '../../../../protocol/index.js'
import { embeddedWalletNotFoundError, invalidRecoveryPasswordTypeError, missingAccessTokenError } from '../../../errors/embedded-wallet-errors.js'
import type { User } from '../../../user/types.js'
import { assertRecoveryUpgrade } from '../recovery-upgrade.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { SetRecoveryInput } from '../types.js'
import { cloudAccessToken } from './cloud-access-token.js'
import { callFrame } from './frame-call.js'
import { syncWallets } from './status.js'
import { primaryOf, shareSet, shareSetWallets } from './wallet-lookup.js'
import { withWallet } from './with-wallet.js'

/** Wallet spec, "States and transitions": every share set (or `address`'s) moves to the new method, one password for all, each re-shared in the frame. */
export async function setRecovery(context: EmbeddedWalletsContext, input: SetRecoveryInput, options: { address?: string } = {}): Promise<User> {
  const { deps } = context
  if (!deps.getUser()) throw missingAccessTokenError()
  if (input.method === 'user-passcode' && (typeof input.password !== 'string' || !input.password)) throw invalidRecoveryPasswordTypeError()
  const address = options.address?.toLowerCase()
  const targets = shareSetWallets(context).filter(
    (wallet) =>
      address === undefined || deps.state.get().wallets.some((other) => other.entropyId === wallet.entropyId && other.address.toLowerCase() === address),
  )
  if (!targets.length) throw embeddedWalletNotFoundError()
  for (const wallet of targets) assertRecoveryUpgrade(primaryOf(context, wallet).recoveryMethod, input.method)
  // Before any await: a cloud provider's window opens inside the user's click.
  const cloudToken = input.method === 'google-drive' || input.method === 'icloud' ? cloudAccessToken(context, input.method) : null
  cloudToken?.catch(() => undefined)
  let user = deps.getUser()!
  const recoveryAccessToken = cloudToken ? await cloudToken : undefined
  for (const wallet of targets) {
    const existingRecoveryMethod = primaryOf(context, wallet).recoveryMethod
    // Automatic recovery is already automatic: no re-share.
    if (input.method === 'privy' && existingRecoveryMethod === 'privy') continue
    const result = await withWallet(context, wallet, () =>
      callFrame(context, 'set-recovery', {
        ...shareSet(wallet),
        // iCloud never gets here: the server refuses its token (not_supported).
        recoveryMethod: input.method as SetRecoveryData['recoveryMethod'],
        ...(input.method === 'user-passcode' && { recoveryPassword: input.password }),
        ...(recoveryAccessToken && { recoveryAccessToken }),
        existingRecoveryMethod,
      }),
    )
    if (deps.getUser()?.id !== result.user.id) throw missingAccessTokenError()
    user = await deps.replaceUser(result.user)
    syncWallets(context, user)
  }
  return user
}
