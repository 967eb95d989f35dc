/** Stand-ins for `window` and a popup: the address, history, sessionStorage, popups and messages the OAuth flow touches. */
import { storageKeys } from '../../../session/keys.js'
import { TEST_APP_ID } from '../../../test-support/fixtures.js'
import type { MessageEventLike, OAuthWindow, PopupWindow } from '../browser-window.js'

export const ORIGIN = 'https://app.example'
const flowKey = storageKeys(TEST_APP_ID).oauthFlow

export class FakePopup implements PopupWindow {
  closed = false
  location = { href: 'about:blank' }
  close() {
    this.closed = true
  }
}

export class FakeWindow implements OAuthWindow {
  url: URL
  assigned: string[] = []
  replacedWith: string[] = []
  posted: { message: unknown; targetOrigin: string }[] = []
  opened: { url: string; target: string; features: string; popup: FakePopup }[] = []
  blockPopups = false
  closed = false
  opener: unknown = null
  screenX = 100
  screenY = 50
  outerWidth = 1240
  outerHeight = 880
  history = {
    state: { page: 1 } as unknown,
    replaceState: (_data: unknown, _unused: string, url?: string | null) => {
      if (url) this.url = new URL(url, this.url)
      this.replacedWith.push(String(url))
    },
  }
  private values = new Map<string, string>()
  sessionStorage = {
    getItem: (key: string) => this.values.get(key) ?? null,
    setItem: (key: string, value: string) => void this.values.set(key, value),
    removeItem: (key: string) => void this.values.delete(key),
  }
  private listeners = new Set<(event: MessageEventLike) => void>()

  constructor(address = `${ORIGIN}/login?tab=1`) {
    this.url = new URL(address)
  }
  get location() {
    const { href, origin, pathname, search, hash } = this.url
    return { href, origin, pathname, search, hash, assign: (to: string) => void this.assigned.push(to) }
  }
  open(url: string, target: string, features: string) {
    if (this.blockPopups) return null
    const popup = new FakePopup()
    this.opened.push({ url, target, features, popup })
    return popup
  }
  close() {
    this.closed = true
  }
  postMessage(message: unknown, targetOrigin: string) {
    this.posted.push({ message, targetOrigin })
  }
  addEventListener(type: string, listener: (event: MessageEventLike) => void) {
    if (type === 'message') this.listeners.add(listener)
  }
  removeEventListener(type: string, listener: (event: MessageEventLike) => void) {
    if (type === 'message') this.listeners.delete(listener)
  }
  dispatch(event: MessageEventLike) {
    for (const listener of [...this.listeners]) listener(event)
  }
  get listenerCount() {
    return this.listeners.size
  }
  stored() {
    const raw = this.values.get(flowKey)
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null
  }
}
