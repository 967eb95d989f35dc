/** Reports the access and identity tokens as the token code stores and removes them (`useToken` callbacks, `useIdentityToken`). */
import type { TokenStorage } from '../client-options.js'
import type { StorageKeys } from './keys.js'

export type TokenKind = 'accessToken' | 'identityToken'
export type TokenChangeListener = (kind: TokenKind, value: string | null) => void

/** `storage` whose writes of the two tokens reach `onChange`; a removal reports only a token that was there. */
export function watchTokenWrites(storage: TokenStorage, keys: StorageKeys, onChange: TokenChangeListener): TokenStorage {
  const kindOf = (key: string): TokenKind | null => (key === keys.token ? 'accessToken' : key === keys.identityToken ? 'identityToken' : null)
  return {
    get: (key) => storage.get(key),
    getKeys: () => storage.getKeys(),
    async put(key, value) {
      const before = await storage.get(key)
      await storage.put(key, value)
      const kind = kindOf(key)
      if (kind && before !== value) onChange(kind, typeof value === 'string' ? value : null)
    },
    async del(key) {
      const before = await storage.get(key)
      await storage.del(key)
      const kind = kindOf(key)
      if (kind && before) onChange(kind, null)
    },
  }
}
