import type { User } from '../../../user/types.js'
import type { EmbeddedWalletsContext } from '../state.js'
import { embeddedWalletsOf } from '../wallets-of-user.js'

export function syncWallets({ deps }: EmbeddedWalletsContext, user: User | null): void {
  deps.state.update((current) => {
    const wallets = embeddedWalletsOf(user)
    // The same wallets keep the same array: watchers hear only real changes.
    const same = JSON.stringify(wallets) === JSON.stringify(current.wallets)
    return { ...current, wallets: same ? current.wallets : wallets, ...(user ? {} : { status: 'idle', creating: null, error: null }) }
  })
}

export const waitingStatus = ({ runtime }: EmbeddedWalletsContext) => {
  const waiters = [...runtime.passwordWaiters.values()]
  return waiters.some((waiter) => waiter.cloud) ? 'needs-cloud-recovery' : waiters.length ? 'needs-password' : null
}

export function setStatus(context: EmbeddedWalletsContext): void {
  const waiting = waitingStatus(context)
  context.deps.state.update((current) => ({ ...current, status: waiting ?? (current.wallets.length ? 'ready' : 'idle'), creating: null }))
}
