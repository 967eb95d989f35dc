import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDefaultStorage, createLocalStorage } from './storage.js'

/** A Storage with the Web Storage API surface, backed by a Map. */
class MapStorage implements Storage {
  private values = new Map<string, string>()
  get length() {
    return this.values.size
  }
  clear() {
    this.values.clear()
  }
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.values.delete(key)
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value))
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('token storage', () => {
  it('keeps JSON values in localStorage', async () => {
    const local = new MapStorage()
    const storage = createLocalStorage(local)
    storage.put('tessera:x:token', 'abc')
    expect(local.getItem('tessera:x:token')).toBe('"abc"')
    expect(storage.get('tessera:x:token')).toBe('abc')
    expect(storage.getKeys()).toEqual(['tessera:x:token'])
    storage.del('tessera:x:token')
    expect(storage.get('tessera:x:token')).toBeNull()
  })

  it('uses localStorage when the probe round-trips, leaving no probe behind', () => {
    const local = new MapStorage()
    vi.stubGlobal('localStorage', local)
    const storage = createDefaultStorage()
    storage.put('k', 1)
    expect(local.getItem('k')).toBe('1')
    expect(local.length).toBe(1)
  })

  it('falls back to memory with a warning when localStorage refuses writes', () => {
    const local = new MapStorage()
    local.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError')
    }
    vi.stubGlobal('localStorage', local)
    vi.stubGlobal('window', {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = createDefaultStorage()
    storage.put('k', 'v')
    expect(storage.get('k')).toBe('v')
    expect(local.length).toBe(0)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('localStorage is unavailable'))
  })
})
