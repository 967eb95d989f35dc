import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../session/storage.js'
import { activeWalletStorageKey, createActiveWalletStore } from './active-wallet.js'

const key = activeWalletStorageKey('app-1')
const choice = { address: '0x00000000000000000000000000000000000000a1', chain: 'ethereum' } as const

describe('the active wallet store', () => {
  it('keeps the choice in storage, so a new page (a reload) starts from it; clearing removes it', () => {
    const storage = createMemoryStorage()
    const page = createActiveWalletStore(storage, key)
    const seen: unknown[] = []
    page.watch((value) => seen.push(value))
    page.set(choice)
    expect(seen).toEqual([choice])
    expect(createActiveWalletStore(storage, key).get()).toEqual(choice)
    page.set(null)
    expect(storage.get(key)).toBeNull()
    expect(createActiveWalletStore(storage, key).get()).toBeNull()
  })

  it('ignores a stored value that is not a choice, and loads from an asynchronous storage when it answers', async () => {
    const storage = createMemoryStorage()
    storage.put(key, { address: 42, chain: 'bitcoin' })
    expect(createActiveWalletStore(storage, key).get()).toBeNull()
    storage.put(key, choice)
    const later = createActiveWalletStore({ ...storage, get: async (name) => storage.get(name) }, key)
    expect(later.get()).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(later.get()).toEqual(choice)
  })
})
