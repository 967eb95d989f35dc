/**
 * The user signer of server-managed wallets (wallet spec, "Roles and permissions"): a P-256 key made by WebCrypto as non-extractable, so
 * neither the host page nor the frame's own script can ever read it, only sign with it. One per app, kept in the frame
 * origin's IndexedDB (a CryptoKey survives structured cloning without ever exposing its bytes).
 */
import { p256 } from '@noble/curves/p256'
import { bytesToBase64 } from '../encoding.js'

export interface UserSignerKeyStore {
  get(appId: string): Promise<CryptoKeyPair | null>
  put(appId: string, keys: CryptoKeyPair): Promise<void>
}

export interface UserSigner {
  /** Base64 of the SPKI DER of the public key (RegisterUserSignerBody.public_key). */
  publicKey(): Promise<string>
  /** Base64 of the DER-encoded ECDSA P-256 / SHA-256 signature over `message` (the form Node's crypto.verify takes by default). */
  sign(message: Uint8Array<ArrayBuffer>): Promise<string>
}

const DB_NAME = 'tessera-wallet-frame-signers'
const STORE = 'user-signers'
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

export function indexedDbUserSignerKeyStore(factory: IDBFactory = indexedDB): UserSignerKeyStore {
  let opened: Promise<IDBDatabase> | null = null
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    }))
  const store = async (mode: IDBTransactionMode) => (await database()).transaction(STORE, mode).objectStore(STORE)
  return {
    get: async (appId) => ((await done((await store('readonly')).get(appId))) as CryptoKeyPair | undefined) ?? null,
    put: async (appId, keys) => void (await done((await store('readwrite')).put(keys, appId))),
  }
}

/** Keys in this page's memory: the fallback when the browser refuses the frame storage (the key is registered again). */
export function memoryUserSignerKeyStore(): UserSignerKeyStore {
  const keys = new Map<string, CryptoKeyPair>()
  return { get: async (appId) => keys.get(appId) ?? null, put: async (appId, pair) => void keys.set(appId, pair) }
}

async function loadOrCreate(appId: string, store: UserSignerKeyStore): Promise<CryptoKeyPair> {
  const stored = await store.get(appId).catch(() => null)
  if (stored) return stored
  const created = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify'])
  // A store that refuses the key leaves it in memory for this page: the server is told the new key at the next use.
  await store.put(appId, created).catch(() => undefined)
  return created
}

export function userSigner(appId: string, store: UserSignerKeyStore): UserSigner {
  let keys: Promise<CryptoKeyPair> | null = null
  const current = () => {
    keys ??= loadOrCreate(appId, store)
    keys.catch(() => (keys = null))
    return keys
  }
  return {
    async publicKey() {
      const spki = await crypto.subtle.exportKey('spki', (await current()).publicKey)
      return bytesToBase64(new Uint8Array(spki))
    },
    async sign(message) {
      const compact = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, (await current()).privateKey, message)
      return bytesToBase64(p256.Signature.fromCompact(new Uint8Array(compact)).toDERRawBytes())
    },
  }
}
