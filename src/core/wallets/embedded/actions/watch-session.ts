import type { Unsubscribe } from '../../../listener.js'
import { chainsToCreateOnLogin, recoveryPromptToCreate } from '../create-on-login.js'
import type { EmbeddedWalletsContext, LoginRecovery } from '../state.js'
import { createOnLogin } from './create-on-login.js'
import { forgetDevice } from './forget-device.js'
import { resumeAfterSignIn } from './resume-after-sign-in.js'
import { syncWallets } from './status.js'

/** Follows the session's user: another user (or none) forgets this device's state; a logout cancels the login's creation. */
export function watchUser(context: EmbeddedWalletsContext): Unsubscribe {
  const { runtime } = context
  return context.deps.watchUser((user, previous) => {
    if (user?.id !== previous?.id) forgetDevice(context)
    // The frame forgets the MFA token of the session that ended (logout, or another user).
    if (previous && user?.id !== previous.id) void runtime.frame?.request('mfa:clear', {}).catch(() => undefined)
    if (!user) {
      runtime.loginSequence++
      runtime.creatingOnLogin = false
      runtime.loginCreationWaiting = null
    }
    syncWallets(context, user)
  })
}

/** Each login resumes the recoveries that waited for it and creates the wallets the app creates on login. */
export function watchLogins(context: EmbeddedWalletsContext): Unsubscribe {
  const { runtime, deps } = context
  return deps.watchLogins(({ user, loginMethod }) => {
    const sequence = ++runtime.loginSequence
    resumeAfterSignIn(context, user)
    const chains = chainsToCreateOnLogin(user, deps.getConfig(), loginMethod === 'custom_auth')
    if (!chains.length) return
    const prompt = recoveryPromptToCreate(deps.getConfig())
    // Set during the login itself, so the modal shows 'Creating your wallet' (or the recovery screens) rather than closing.
    deps.state.update((current) => ({ ...current, status: 'creating', creating: prompt ? null : chains[0]!, error: null }))
    if (!prompt) return void createOnLogin(context, chains, sequence).catch(() => undefined)
    // Wallet spec, "States and transitions": the creation waits (`creating` with no chain yet) for the user's recovery choice, never logs out for want of it.
    let giveRecovery!: (recovery: LoginRecovery) => void
    const recovery = new Promise<LoginRecovery>((resolve) => (giveRecovery = resolve))
    const wallets = createOnLogin(context, chains, sequence, recovery)
    wallets.catch(() => undefined)
    runtime.loginCreationWaiting = { giveRecovery, wallets }
    deps.onRecoveryNeededToCreate?.(prompt)
  })
}
