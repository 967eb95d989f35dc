/**
 * The wallet connections and last used wallet this device remembers per app (sign-in spec, "Entities and their fields": "Remembered local
 * values"). A stored list with any entry lacking address, connectorType, walletClientType or a numeric
 * connectedAt is discarded whole.
 */
import type { TokenStorage } from '../client-options.js'
import type { WalletChain } from './types.js'

export interface RememberedConnection {
  address: string
  chain: WalletChain
  connectorType: string
  /** The wallet option id it was connected through. */
  walletClientType: string
  connectedAt: number
}

export const walletStorageKeys = (appId: string) => ({
  connections: `tessera:${appId}:wallet_connections`,
  lastUsed: `tessera:${appId}:wallet_last_used`,
})

const isRemembered = (value: unknown): value is RememberedConnection => {
  const entry = value as Partial<RememberedConnection> | null
  return (
    typeof entry?.address === 'string' &&
    !!entry.address &&
    typeof entry.connectorType === 'string' &&
    typeof entry.walletClientType === 'string' &&
    typeof entry.connectedAt === 'number' &&
    Number.isFinite(entry.connectedAt)
  )
}

const parse = (stored: unknown): unknown => {
  if (typeof stored !== 'string') return stored
  try {
    return JSON.parse(stored)
  } catch {
    return null
  }
}

export interface RememberedWallets {
  load(): Promise<{ connections: RememberedConnection[]; lastUsed: string | null }>
  save(connections: RememberedConnection[]): Promise<void>
  saveLastUsed(walletId: string): Promise<void>
}

export function rememberedWallets(storage: TokenStorage, appId: string): RememberedWallets {
  const keys = walletStorageKeys(appId)
  // Storage failures only cost the remembered state, never a connection.
  const quietly = async <T>(action: () => T | Promise<T>, fallback: T): Promise<T> => {
    try {
      return await action()
    } catch {
      return fallback
    }
  }
  return {
    async load() {
      const list = parse(await quietly(() => storage.get(keys.connections), null))
      const valid = Array.isArray(list) && list.every(isRemembered)
      if (list != null && !valid) await quietly(() => storage.del(keys.connections), undefined)
      const lastUsed = await quietly(() => storage.get(keys.lastUsed), null)
      return {
        connections: valid ? list.map((entry) => ({ ...entry, chain: entry.chain === 'solana' ? 'solana' : 'ethereum' })) : [],
        lastUsed: typeof lastUsed === 'string' && lastUsed ? lastUsed : null,
      }
    },
    save: (connections) => quietly(() => storage.put(keys.connections, JSON.stringify(connections)), undefined),
    saveLastUsed: (walletId) => quietly(() => storage.put(keys.lastUsed, walletId), undefined),
  }
}
