/** Device shares in this page's memory: the fallback when the browser refuses the frame storage, and the store of tests in Node. */
import { entropyKey, type DeviceShare, type DeviceShareStore } from './device-store.js'

export function memoryDeviceShareStore(): DeviceShareStore & { records: Map<string, DeviceShare> } {
  const records = new Map<string, DeviceShare>()
  const key = (appId: string, entropyId: string) => `${appId}\u0000${entropyKey(entropyId)}`
  return {
    records,
    get: async (appId, entropyId) => records.get(key(appId, entropyId)) ?? null,
    put: async (record) => void records.set(key(record.appId, record.entropyId), { ...record, share: record.share.slice() }),
    delete: async (appId, entropyId) => void records.delete(key(appId, entropyId)),
  }
}
