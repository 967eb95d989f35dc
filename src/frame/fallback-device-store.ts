/**
 * The device-share store to use: the frame origin's IndexedDB when the browser grants it, else this page's memory.
 * A cross-site frame in a private window (or with third-party storage blocked) is refused IndexedDB; wallets still
 * work there, and after a reload the device share is gone, so they recover (automatically, or with the password).
 */
import type { DeviceShareStore } from './device-store.js'

export function fallbackDeviceShareStore(preferred: DeviceShareStore, fallback: DeviceShareStore, onFallback: () => void = () => {}): DeviceShareStore {
  let chosen: Promise<DeviceShareStore> | null = null
  const store = () =>
    (chosen ??= preferred.get('', '').then(
      () => preferred,
      () => {
        onFallback()
        return fallback
      },
    ))
  return {
    get: async (appId, entropyId) => (await store()).get(appId, entropyId),
    put: async (record) => (await store()).put(record),
    delete: async (appId, entropyId) => (await store()).delete(appId, entropyId),
  }
}
