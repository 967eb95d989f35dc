import { describe, expect, it, vi } from 'vitest'
import type { DeviceShareStore } from './device-store.js'
import { fallbackDeviceShareStore } from './fallback-device-store.js'
import { memoryDeviceShareStore } from './memory-device-store.js'

const record = { appId: 'app', entropyId: '0xAbC', shareVersion: 1, share: new Uint8Array([1, 2, 3]) }

describe('fallbackDeviceShareStore', () => {
  it('uses the preferred store when it answers', async () => {
    const preferred = memoryDeviceShareStore()
    const fallback = memoryDeviceShareStore()
    const onFallback = vi.fn()
    const store = fallbackDeviceShareStore(preferred, fallback, onFallback)
    await store.put(record)
    expect(await store.get('app', '0xabc')).toMatchObject({ shareVersion: 1 })
    expect(preferred.records.size).toBe(1)
    expect(fallback.records.size).toBe(0)
    expect(onFallback).not.toHaveBeenCalled()
  })

  it('moves to the fallback for good when the browser refuses the preferred store', async () => {
    const denied = new Error('The user denied permission to access the database.')
    const refusing: DeviceShareStore = { get: () => Promise.reject(denied), put: () => Promise.reject(denied), delete: () => Promise.reject(denied) }
    const fallback = memoryDeviceShareStore()
    const onFallback = vi.fn()
    const store = fallbackDeviceShareStore(refusing, fallback, onFallback)
    await store.put(record)
    expect(await store.get('app', '0xABC')).toMatchObject({ shareVersion: 1 })
    await store.delete('app', '0xabc')
    expect(fallback.records.size).toBe(0)
    expect(onFallback).toHaveBeenCalledTimes(1)
  })
})
