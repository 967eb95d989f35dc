/** What `createClient` takes. */
import type { CustomAuthConfig } from './auth/custom-auth/config.js'
import type { EffectiveConfigInput } from './config/types.js'

export interface ClientOptions {
  appId: string
  /** API base, default `https://auth.privy.io`-compatible host is not assumed: defaults to `location.origin`. */
  apiUrl?: string
  clientId?: string
  /** Token storage; defaults to `localStorage`, falling back to memory. */
  storage?: TokenStorage
  /** Client config (appearance, login methods...) merged over the server config. */
  config?: Partial<EffectiveConfigInput>
  /** Bring-your-own auth; see `customAuth.configure` to update it later. */
  customAuth?: CustomAuthConfig
  fetch?: typeof fetch
  /** The language of the shipped screens (BCP 47, e.g. 'es', 'ar'), unless an element or provider names its own. */
  locale?: string
  /** Texts by copy key over the locale's (a key left out keeps the locale's, then English). */
  messages?: ClientMessages
}

/** The copy keys `messages` takes; the UI's copy tables fill it in (src/ui/copy/locale-table.ts), so a misspelt key fails to type-check. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the UI's copy tables through declaration merging
export interface CopyKeys {}
/** A host's texts by copy key (every key optional). */
export type ClientMessages = [keyof CopyKeys] extends [never] ? Readonly<Record<string, string>> : Partial<Record<keyof CopyKeys, string>>

/** Async-capable key/value storage, the same shape the reference SDK uses. */
export interface TokenStorage {
  get(key: string): unknown | Promise<unknown>
  put(key: string, value: unknown): void | Promise<void>
  del(key: string): void | Promise<void>
  getKeys(): string[] | Promise<string[]>
}
