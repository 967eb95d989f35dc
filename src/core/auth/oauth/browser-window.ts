/** The parts of `window` the OAuth flow uses: the real window in a browser, a stand-in in unit tests. */
import type { SessionStorageLike } from './pending-flow.js'

export interface PopupWindow {
  readonly closed: boolean
  close(): void
  location: { href: string }
}

export interface MessageEventLike {
  readonly origin: string
  readonly source: unknown
  readonly data: unknown
}

export interface OAuthWindow {
  location: { href: string; origin: string; pathname: string; search: string; hash: string; assign(url: string): void }
  history: { readonly state: unknown; replaceState(data: unknown, unused: string, url?: string | null): void }
  /** Throws or hides the origin when the opener is another site. */
  readonly opener: unknown
  readonly sessionStorage: SessionStorageLike
  readonly screenX: number
  readonly screenY: number
  readonly outerWidth: number
  readonly outerHeight: number
  open(url: string, target: string, features: string): PopupWindow | null
  close(): void
  postMessage(message: unknown, targetOrigin: string): void
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void
}

export function browserWindow(): OAuthWindow | null {
  return typeof window === 'undefined' ? null : window
}
