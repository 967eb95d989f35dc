import { TesseraError } from '../../../errors/base-error.js'
import { toTesseraError } from '../../../errors/client-errors.js'
import { unsupportedRecoveryActionError } from '../../../errors/embedded-wallet-errors.js'
import type { Connection, EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { isServerManaged } from '../wallets-of-user.js'
import { callFrame } from './frame-call.js'
import { setStatus } from './status.js'
import { primaryOf, shareSet } from './wallet-lookup.js'

/** The share set's one connection attempt for this user, started on first use. */
export function connectionOf(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<Connection> {
  const { runtime } = context
  let connection = runtime.connections.get(wallet.entropyId)
  if (!connection) {
    connection = attemptConnection(context, wallet)
    runtime.connections.set(wallet.entropyId, connection)
    // A failed attempt is tried again on the next use; the state says why it failed.
    connection.catch((error: unknown) => {
      runtime.connections.delete(wallet.entropyId)
      context.deps.state.update((current) => ({ ...current, status: 'error', error: toTesseraError(error) }))
    })
  }
  return connection
}

/** Connects a share set, or recovers it when this device has no share of it (automatic recovery needs no input). */
async function attemptConnection(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<Connection> {
  const { state } = context.deps
  // Nothing of a server-managed wallet is on the device: it is always available, never recovered.
  if (isServerManaged(primaryOf(context, wallet))) return 'connected'
  state.update((current) => ({ ...current, status: 'connecting' }))
  try {
    await callFrame(context, 'connect', shareSet(wallet))
    setStatus(context)
    return 'connected'
  } catch (error) {
    if (!TesseraError.is(error) || error.code !== 'wallet_not_on_device') throw error
  }
  const { recoveryMethod } = primaryOf(context, wallet)
  if (recoveryMethod === 'user-passcode') return 'needs-password'
  if (recoveryMethod === 'google-drive') return 'needs-cloud-recovery'
  if (recoveryMethod !== 'privy') throw unsupportedRecoveryActionError()
  state.update((current) => ({ ...current, status: 'recovering' }))
  await recoverAutomatically(context, wallet)
  setStatus(context)
  return 'connected'
}

/** Automatic recovery; refused for an old sign-in, the user is asked to sign in again and the next login resumes it. */
async function recoverAutomatically(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<void> {
  try {
    await callFrame(context, 'recover', shareSet(wallet))
  } catch (error) {
    if (TesseraError.is(error) && error.code === 'reauthentication_required') {
      context.runtime.awaitingSignIn.add(wallet.entropyId)
      context.deps.onSignInAgainNeeded?.()
    }
    throw error
  }
}
