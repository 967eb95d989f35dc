/** The redirect flow in progress, kept in sessionStorage across the provider round trip (sign-in spec, "States and transitions": "OAuth"). */
import { oauthProviders, type OAuthProvider } from '../../../protocol/index.js'
import { sessionStorageUnavailableError } from './errors.js'

export interface PendingOAuthFlow {
  provider: OAuthProvider
  intent: 'login' | 'link'
  stateCode: string
  /** Null when the record lost it: the return then fails with 'Authentication error.'. */
  codeVerifier: string | null
  headless: boolean
  disableSignup: boolean
}

export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Reading `window.sessionStorage` itself throws where storage is blocked. */
function use<T>(getStorage: () => SessionStorageLike, action: (storage: SessionStorageLike) => T): T {
  try {
    return action(getStorage())
  } catch (error) {
    throw sessionStorageUnavailableError(error)
  }
}

export function savePendingFlow(getStorage: () => SessionStorageLike, key: string, flow: PendingOAuthFlow): void {
  use(getStorage, (storage) => storage.setItem(key, JSON.stringify(flow)))
}

export function clearPendingFlow(getStorage: () => SessionStorageLike, key: string): void {
  use(getStorage, (storage) => storage.removeItem(key))
}

/** Null when nothing (or nothing readable) is stored. */
export function readPendingFlow(getStorage: () => SessionStorageLike, key: string): PendingOAuthFlow | null {
  const raw = use(getStorage, (storage) => storage.getItem(key))
  if (!raw) return null
  let record: Partial<Record<keyof PendingOAuthFlow, unknown>>
  try {
    record = JSON.parse(raw) as typeof record
  } catch {
    return null
  }
  if (typeof record.stateCode !== 'string' || !oauthProviders.includes(record.provider as OAuthProvider)) return null
  return {
    provider: record.provider as OAuthProvider,
    intent: record.intent === 'link' ? 'link' : 'login',
    stateCode: record.stateCode,
    codeVerifier: typeof record.codeVerifier === 'string' && record.codeVerifier ? record.codeVerifier : null,
    headless: record.headless === true,
    disableSignup: record.disableSignup === true,
  }
}
