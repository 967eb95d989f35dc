import { toTesseraError } from '../../../errors/client-errors.js'
import {
  embeddedWalletNotFoundError,
  invalidRecoveryPasswordTypeError,
  mustBeAuthenticatedToCreateError,
  passwordRequiredByAppError,
} from '../../../errors/embedded-wallet-errors.js'
import { randomUuid } from '../../../utils/random-uuid.js'
import { passwordRequiredToCreate } from '../create-on-login.js'
import { createTarget } from '../create-target.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { CreateEmbeddedWalletOptions, EmbeddedWallet } from '../types.js'
import { callFrame } from './frame-call.js'
import { setStatus, syncWallets } from './status.js'
import { shareSet } from './wallet-lookup.js'
import { withWallet } from './with-wallet.js'

/** `driveToken`: a login's creation backed up to the user's Google Drive (the frame writes the key there first). */
export function create(context: EmbeddedWalletsContext, options: CreateEmbeddedWalletOptions = {}, driveToken?: string): Promise<EmbeddedWallet> {
  const { creations, loginSequence } = context.runtime
  // Identical calls in flight share one creation (wallet spec, "States and transitions"), within one session: a new login starts afresh.
  const key = JSON.stringify([
    loginSequence,
    options.chainType ?? 'ethereum',
    options.createAdditional ?? false,
    options.walletIndex ?? null,
    options.recoveryPassword ?? null,
    driveToken ? 'google-drive' : null,
  ])
  let creation = creations.get(key)
  if (!creation) {
    creation = runCreate(context, options, driveToken).finally(() => creations.delete(key))
    creations.set(key, creation)
  }
  return creation
}

async function runCreate(context: EmbeddedWalletsContext, options: CreateEmbeddedWalletOptions, driveToken?: string): Promise<EmbeddedWallet> {
  const { deps } = context
  if (!deps.getUser()) throw mustBeAuthenticatedToCreateError()
  const chainType = options.chainType ?? 'ethereum'
  const target = createTarget(deps.state.get().wallets, options)
  if (target.kind === 'existing') return target.wallet
  if (options.recoveryPassword !== undefined && typeof options.recoveryPassword !== 'string') throw invalidRecoveryPasswordTypeError()
  if (target.kind === 'primary' && passwordRequiredToCreate(deps.getConfig()) && !options.recoveryPassword) throw passwordRequiredByAppError()

  deps.state.update((current) => ({ ...current, status: 'creating', creating: chainType, error: null }))
  try {
    const result =
      target.kind === 'primary'
        ? await callFrame(context, chainType === 'ethereum' ? 'wallet:create' : 'solana-wallet:create', {
            recoveryMethod: driveToken ? 'google-drive' : options.recoveryPassword ? 'user-passcode' : 'privy',
            ...(options.recoveryPassword && { recoveryPassword: options.recoveryPassword }),
            ...(driveToken && { recoveryAccessToken: driveToken }),
            idempotencyKey: randomUuid(),
          })
        : await withWallet(context, target.primary, () =>
            callFrame(context, 'wallets:add', { ...shareSet(target.primary), chainType, hdWalletIndex: target.walletIndex }),
          )
    // The session may have ended (or changed hands) while the frame worked: its answer is not this session's user.
    if (deps.getUser()?.id !== result.user.id) throw mustBeAuthenticatedToCreateError()
    const user = await deps.replaceUser(result.user)
    syncWallets(context, user)
    const wallet = deps.state.get().wallets.find((candidate) => candidate.address === result.address)
    if (!wallet) throw embeddedWalletNotFoundError()
    // After a login, the next chain's creation follows: the state stays `creating` until the last one.
    if (!context.runtime.creatingOnLogin) setStatus(context)
    return wallet
  } catch (error) {
    const failure = toTesseraError(error)
    deps.state.update((current) => ({ ...current, status: 'error', creating: null, error: failure }))
    throw failure
  }
}
