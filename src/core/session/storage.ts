/** Token storage implementations over the `TokenStorage` interface. */
import type { TokenStorage } from '../client-options.js'

export function createMemoryStorage(): TokenStorage {
  const values = new Map<string, unknown>()
  return {
    get: (key) => values.get(key) ?? null,
    put: (key, value) => void values.set(key, value),
    del: (key) => void values.delete(key),
    getKeys: () => [...values.keys()],
  }
}

/** JSON values in `window.localStorage`. */
export function createLocalStorage(local: Storage): TokenStorage {
  return {
    get(key) {
      const raw = local.getItem(key)
      if (raw === null) return null
      try {
        return JSON.parse(raw)
      } catch {
        return null
      }
    },
    put: (key, value) => local.setItem(key, JSON.stringify(value)),
    del: (key) => local.removeItem(key),
    getKeys: () => Array.from({ length: local.length }, (_, i) => local.key(i)).filter((key): key is string => key !== null),
  }
}

const probeKey = 'tessera:probe'

/** localStorage when it round-trips a value (private modes and sandboxed frames may refuse), else memory. */
export function createDefaultStorage(): TokenStorage {
  try {
    const local = globalThis.localStorage
    if (local) {
      const storage = createLocalStorage(local)
      storage.put(probeKey, probeKey)
      const ok = storage.get(probeKey) === probeKey
      storage.del(probeKey)
      if (ok && local.getItem(probeKey) === null) return storage
    }
  } catch {
    // Fall through to memory.
  }
  if (typeof window !== 'undefined') console.warn('[tessera] localStorage is unavailable; the session will not survive a reload.')
  return createMemoryStorage()
}
