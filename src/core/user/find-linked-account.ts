import type { LoginMethodName } from '../auth/types.js'
import { linkedAccountKeys } from '../auth/login-methods.js'
import type { LinkedAccount, User } from './types.js'

/** The user's account of `method` with this address, number or subject (emails and Ethereum addresses compare case-insensitively). */
export function findLinkedAccount(user: User, method: LoginMethodName, key: string): LinkedAccount | null {
  // Only the method's own sign-in knows its accounts: every other key is null for this name.
  for (const accountKey of linkedAccountKeys) {
    const wanted = accountKey.normalize?.(key, method) ?? key
    const account = user.linkedAccounts.find((candidate) => accountKey.of(candidate, method) === wanted)
    if (account) return account
  }
  return null
}
