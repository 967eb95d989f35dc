import { toTesseraError } from '../../../errors/client-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'
import { awaitPassword } from './await-password.js'
import { connectionOf } from './connection-of.js'
import { setStatus } from './status.js'
import { shareSetWallets } from './wallet-lookup.js'

/** Connects every share set of the signed-in user; those that need the user's password (or consent) start waiting for it. */
export async function connect(context: EmbeddedWalletsContext): Promise<void> {
  const { state } = context.deps
  if (!context.deps.getUser()) return
  state.update((current) => ({ ...current, status: 'connecting', error: null }))
  try {
    for (const wallet of shareSetWallets(context)) {
      if ((await connectionOf(context, wallet)) !== 'connected') void awaitPassword(context, wallet)
    }
    setStatus(context)
  } catch (error) {
    const failure = toTesseraError(error)
    state.update((current) => ({ ...current, status: 'error', error: failure }))
    throw failure
  }
}
