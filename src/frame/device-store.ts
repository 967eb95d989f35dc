/** The device share of each share set, kept in the frame origin's IndexedDB (the host page cannot read it). */

export interface DeviceShare {
  appId: string
  entropyId: string
  shareVersion: number
  share: Uint8Array
}

export interface DeviceShareStore {
  get(appId: string, entropyId: string): Promise<DeviceShare | null>
  put(record: DeviceShare): Promise<void>
  delete(appId: string, entropyId: string): Promise<void>
}

/** One key per share set whatever the casing the host sends (Ethereum addresses are case-insensitive). */
export const entropyKey = (entropyId: string): string => (/^0x/i.test(entropyId) ? entropyId.toLowerCase() : entropyId)

const DB_NAME = 'tessera-wallet-frame'
const STORE = 'device-shares'

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

export function indexedDbDeviceShareStore(factory: IDBFactory = indexedDB): DeviceShareStore {
  let opened: Promise<IDBDatabase> | null = null
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: ['appId', 'entropyId'] })
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    }))
  const store = async (mode: IDBTransactionMode) => (await database()).transaction(STORE, mode).objectStore(STORE)
  /** Resolves once the write is durable (the transaction committed), not merely queued. */
  const write = async (action: (objects: IDBObjectStore) => IDBRequest) => {
    const objects = await store('readwrite')
    await Promise.all([
      done(action(objects)),
      new Promise<void>((resolve, reject) => {
        objects.transaction.oncomplete = () => resolve()
        objects.transaction.onerror = () => reject(objects.transaction.error)
        objects.transaction.onabort = () => reject(objects.transaction.error)
      }),
    ])
  }
  return {
    async get(appId, entropyId) {
      const record = (await done((await store('readonly')).get([appId, entropyKey(entropyId)]))) as DeviceShare | undefined
      return record ?? null
    },
    put: (record) => write((objects) => objects.put({ ...record, entropyId: entropyKey(record.entropyId) })),
    delete: (appId, entropyId) => write((objects) => objects.delete([appId, entropyKey(entropyId)])),
  }
}
