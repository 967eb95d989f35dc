/** The method of the last successful sign-in on this device (sign-in spec, "Entities and their fields": "Remembered local values"). */
import { isLoginMethodName } from '../auth/login-methods.js'
import type { LoginMethodName } from '../auth/types.js'
import type { TokenStorage } from '../client-options.js'

export interface RecentLoginMethod {
  get(): LoginMethodName | null
  /** Reads the stored method once at start-up; an unknown value is ignored. */
  load(): Promise<void>
  remember(method: LoginMethodName): Promise<void>
}

export function createRecentLoginMethod(storage: TokenStorage, key: string): RecentLoginMethod {
  let method: LoginMethodName | null = null
  return {
    get: () => method,
    async load() {
      try {
        const stored = await storage.get(key)
        // A sign-in that finished while storage was being read is more recent.
        if (method === null && isLoginMethodName(stored)) method = stored
      } catch {
        // Unreadable storage only hides the 'Recent' chip.
      }
    },
    async remember(next) {
      method = next
      try {
        await storage.put(key, next)
      } catch {
        // A storage failure must not undo a sign-in that succeeded.
      }
    },
  }
}
