/**
 * Tells tabs that a refresh token was just spent, through the Web Locks manager: it orders lock grants, while
 * localStorage writes reach other tabs later, on their own channel (docs/security.md #34).
 */
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex } from '@noble/hashes/utils'

/** The part of the Web Locks API the session manager needs (`navigator.locks`). */
export interface LockManagerLike {
  request(name: string, options: { mode: 'exclusive' | 'shared' }, callback: () => Promise<unknown>): Promise<unknown>
  query(): Promise<{ held?: { name?: string }[] }>
}

/** Much longer than a storage write takes to reach the other tabs. */
const markerHoldMs = 5_000

async function markerName(appId: string, refreshToken: string): Promise<string> {
  // A fingerprint, never the token: any script of the origin can list lock names. @noble/hashes: WebCrypto needs a secure context.
  const hex = bytesToHex(sha256(new TextEncoder().encode(refreshToken)).subarray(0, 8))
  return `tessera:rotated:${appId}:${hex}`
}

/** Resolves once a marker lock for the token is held; the lock is released a few seconds later. */
export async function markRefreshTokenSpent(locks: LockManagerLike, appId: string, refreshToken: string): Promise<void> {
  try {
    const name = await markerName(appId, refreshToken)
    await new Promise<void>((held) => {
      // Shared, so a tab that spends the same token again never waits for this marker.
      locks
        .request(name, { mode: 'shared' }, () => {
          held()
          return new Promise((release) => setTimeout(release, markerHoldMs))
        })
        .catch(() => held())
    })
  } catch {
    // Without a marker another tab may send one more refresh request; the session itself is not at risk.
  }
}

/** True while a tab holds the marker for this token: its new tokens are on their way to this tab's storage. */
export async function isRefreshTokenSpent(locks: LockManagerLike, appId: string, refreshToken: string): Promise<boolean> {
  try {
    const [name, { held = [] }] = await Promise.all([markerName(appId, refreshToken), locks.query()])
    return held.some((lock) => lock.name === name)
  } catch {
    return false
  }
}
