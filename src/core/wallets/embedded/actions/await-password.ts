import type { EmbeddedWalletsContext, PasswordWaiter } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { setStatus } from './status.js'
import { primaryOf } from './wallet-lookup.js'

/** The share set waits for the user's password (or Drive consent): `needs-password` (`needs-cloud-recovery`) until `recover` opens it. */
export function awaitPassword(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<void> {
  const { runtime, deps } = context
  let waiter = runtime.passwordWaiters.get(wallet.entropyId)
  if (!waiter) {
    let settle!: PasswordWaiter['settle']
    const recovered = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())))
    recovered.catch(() => undefined)
    const cloud = primaryOf(context, wallet).recoveryMethod === 'google-drive'
    waiter = { recovered, settle, cloud }
    runtime.passwordWaiters.set(wallet.entropyId, waiter)
    setStatus(context)
    // One prompt: one password (one consent) opens every waiting share set.
    if ([...runtime.passwordWaiters.values()].filter((other) => other.cloud === cloud).length === 1)
      (cloud ? deps.onCloudRecoveryNeeded : deps.onPasswordNeeded)?.()
  }
  return waiter.recovered
}
