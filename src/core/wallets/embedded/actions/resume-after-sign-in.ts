import type { User } from '../../../user/types.js'
import type { EmbeddedWalletsContext } from '../state.js'
import { embeddedWalletsOf } from '../wallets-of-user.js'
import { connectionOf } from './connection-of.js'

/** After a login, the share sets whose recovery waited for it connect again (their user's only). */
export function resumeAfterSignIn(context: EmbeddedWalletsContext, user: User): void {
  const waiting = new Set(context.runtime.awaitingSignIn)
  context.runtime.awaitingSignIn.clear()
  for (const wallet of embeddedWalletsOf(user)) {
    if (waiting.has(wallet.entropyId) && wallet.address === wallet.entropyId) void connectionOf(context, wallet).catch(() => undefined)
  }
}
