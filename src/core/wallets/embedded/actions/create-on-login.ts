import type { EmbeddedChainType } from '../../../../protocol/index.js'
import { toTesseraError } from '../../../errors/client-errors.js'
import { mustBeAuthenticatedToCreateError } from '../../../errors/embedded-wallet-errors.js'
import type { EmbeddedWalletsContext, LoginRecovery } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { create } from './create.js'
import { setStatus } from './status.js'

/**
 * Creates the wallets a login needs, in order, with the user-owned recovery when the app requires one (it waits for
 * `userRecovery`); a failure logs the user out (wallet spec, "States and transitions") and rejects.
 */
export async function createOnLogin(
  context: EmbeddedWalletsContext,
  chains: EmbeddedChainType[],
  sequence: number,
  userRecovery?: Promise<LoginRecovery>,
): Promise<EmbeddedWallet[]> {
  const { runtime, deps } = context
  runtime.creatingOnLogin = true
  const current = () => sequence === runtime.loginSequence
  const wallets: EmbeddedWallet[] = []
  try {
    const recovery = await userRecovery
    const password = recovery && 'recoveryPassword' in recovery ? { recoveryPassword: recovery.recoveryPassword } : {}
    const driveToken = recovery && 'recoveryAccessToken' in recovery ? recovery.recoveryAccessToken : undefined
    for (const chainType of chains) if (current()) wallets.push(await create(context, { chainType, ...password }, driveToken))
    if (!current()) throw mustBeAuthenticatedToCreateError()
    runtime.creatingOnLogin = false
    setStatus(context)
    return wallets
  } catch (error) {
    const failure = toTesseraError(error)
    // Logged out (and maybe in again) meanwhile: this login's failure is not the new session's to end.
    if (!current()) throw failure
    runtime.creatingOnLogin = false
    // Wallet spec, "States and transitions": a failed creation after login signs the user out; the error stays in the state.
    await deps.logout().catch(() => undefined)
    deps.state.update((current) => ({ ...current, status: 'error', creating: null, error: failure }))
    throw failure
  }
}
