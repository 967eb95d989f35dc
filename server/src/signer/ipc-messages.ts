import type { SignerStoreSettings } from './key-store.js'

/** What the API process tells the signer once, over the IPC channel (never argv, which other local users can read). */
export interface SignerProcessSettings {
  /** Dev mode: the key-encryption key may come from `<kekDataDir>/kek.key` (kek-settings.ts). */
  dev: boolean
  kekDataDir: string
  store: SignerStoreSettings
}

export type SignerOperation = 'createKey' | 'importKey' | 'sign' | 'exportKey'

export type ToSigner = { type: 'start'; settings: SignerProcessSettings } | { type: 'call'; id: number; operation: SignerOperation; input: unknown }

/** A refusal the API may answer with as it is (an ApiError the signer made); anything else stays inside the signer. */
export interface SignerRefusal {
  status: 400 | 404
  code: 'invalid_data' | 'not_found'
  message: string
}

export type FromSigner =
  | { type: 'ready' }
  /** Worth telling the operator (a first start creating the PGlite store). */
  | { type: 'note'; message: string }
  | { type: 'failed'; reason: string }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; refusal?: SignerRefusal; unavailable?: 'database'; failure?: string }
