import { USER_RECOVERY_TIMEOUT_MS } from '../../../../protocol/index.js'
import { userRecoveryTimedOutError } from '../../../errors/embedded-wallet-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { awaitPassword } from './await-password.js'
import { connectionOf } from './connection-of.js'

/** Resolves once the wallet can sign: a password wallet waits (at most 120 s) for `recover({ password })`. */
export async function ensureConnected(context: EmbeddedWalletsContext, wallet: EmbeddedWallet): Promise<void> {
  if ((await connectionOf(context, wallet)) === 'connected') return
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeLimit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(userRecoveryTimedOutError()), context.deps.userRecoveryTimeoutMs ?? USER_RECOVERY_TIMEOUT_MS)
  })
  try {
    await Promise.race([awaitPassword(context, wallet), timeLimit])
  } finally {
    clearTimeout(timer)
  }
}
