import type { Transport } from '../../api/transport.js'
import type { User } from '../../user/types.js'
import type { StorageKeys } from '../keys.js'
import type { SessionManagerOptions, SignOutReason } from '../types.js'
import type { LockManagerLike } from '../spent-refresh-token.js'

/** What the token actions share: the session's parts and its one mutable field, the signed-in user. */
export interface TokenRuntime {
  appId: string
  transport: Transport
  keys: StorageKeys
  storage: SessionManagerOptions['storage']
  now(): number
  locks: LockManagerLike | null
  read(key: string): Promise<string | null>
  forgetAnalyticsId(): void
  onUser: SessionManagerOptions['onUser']
  user: User | null
  /** One refresh at a time (and across tabs, with Web Locks); set by createTokenSession. */
  refresh(): Promise<string | null>
  /** One logout at a time; set by createTokenSession. */
  logout(reason?: SignOutReason): Promise<void>
}

export function setUser(runtime: TokenRuntime, next: User | null, reason?: SignOutReason) {
  const changed = next !== runtime.user
  runtime.user = next
  if (changed) runtime.onUser(next, next ? undefined : reason)
}

export async function write(runtime: TokenRuntime, key: string, value: string | null | undefined) {
  if (value) await runtime.storage.put(key, value)
  else await runtime.storage.del(key)
}

export async function clearLocal(runtime: TokenRuntime, reason: SignOutReason) {
  const { storage, keys } = runtime
  await Promise.all([storage.del(keys.token), storage.del(keys.refreshToken), storage.del(keys.identityToken)])
  setUser(runtime, null, reason)
}
