/**
 * The client's `telegram` member as the first chunk holds it: only what must run synchronously (the popup opens
 * inside the click) and the cheap check for a redirect return; the flow itself (flow.ts) loads with the first call.
 */
import type { TelegramActions, TelegramFlow, TelegramFlowState, TelegramLoginOptions } from './types.js'
import type { User } from '../../user/types.js'
import type { Lazy } from '../../utils/lazily.js'
import type { OAuthWindow, PopupWindow } from '../oauth/browser-window.js'

export const initialTelegramFlowState: TelegramFlowState = { status: 'initial', intent: 'login', error: null }

/** Telegram's login widget host; tests and `npm start` point the client at a local stand-in instead. */
export const TELEGRAM_OAUTH_URL = 'https://oauth.telegram.org'

/** Sign-in spec, "Screens and routes": the fields a widget redirect puts in the address (all removed after use). */
export const telegramReturnParams = ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url'] as const

/** A widget redirect return needs at least the signed id, date and hash. */
export const hasTelegramReturn = (search: string): boolean => {
  const params = new URLSearchParams(search)
  return params.has('id') && params.has('hash') && params.has('auth_date')
}

/** Telegram's own popup size for the login widget. */
const POPUP = { width: 550, height: 470 }

/** Opened blank and synchronously so blockers allow it; the widget URL follows once the flow has loaded. */
function openWidgetPopup(win: OAuthWindow): PopupWindow | null {
  const left = Math.round(win.screenX + (win.outerWidth - POPUP.width) / 2)
  const top = Math.round(win.screenY + (win.outerHeight - POPUP.height) / 2)
  return win.open('about:blank', 'tessera-telegram', `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`)
}

/** Mini App sign-in needs no popup: the page already holds Telegram's signed `initData`. */
export const webAppInitData = (win: unknown): string | null => {
  const initData = (win as { Telegram?: { WebApp?: { initData?: unknown } } } | null)?.Telegram?.WebApp?.initData
  return typeof initData === 'string' && initData !== '' ? initData : null
}

export interface LazyTelegram {
  member: TelegramActions
  /** Finishes a widget redirect on page load; null when the address holds none. */
  handleReturn(): Promise<User | null>
  /**
   * Inside a Telegram Mini App with seamless sign-in on, signs in from the page's `initData` without a press (on
   * load, once the config is known); null when not in a Mini App, seamless sign-in is off or someone is signed in.
   */
  seamlessSignIn(): Promise<User | null>
}

export interface LazyTelegramOptions {
  window(): OAuthWindow | null
  /** The app has a Telegram bot (server config); an address that merely looks like a return is left alone otherwise. */
  configured(): boolean
  seamlessEnabled(): boolean
  isAuthenticated(): boolean
}

export function lazyTelegram(flow: Lazy<TelegramFlow>, options: LazyTelegramOptions): LazyTelegram {
  // A popup only when the widget will be used and the caller wants one.
  const popupFor = (popup: boolean | undefined) => {
    const win = options.window()
    if (!win || popup === false || (options.seamlessEnabled() && webAppInitData(win))) return null
    return openWidgetPopup(win)
  }
  return {
    member: {
      login: async (loginOptions: TelegramLoginOptions = {}) => {
        const popup = popupFor(loginOptions.popup)
        return (await flow.load()).login(loginOptions, popup)
      },
      link: async (linkOptions = {}) => {
        const popup = popupFor(linkOptions.popup)
        return (await flow.load()).link(linkOptions, popup)
      },
      unlink: async (telegramUserId) => (await flow.load()).unlink(telegramUserId),
      // Nothing to reset before the first call: the state is still the initial one.
      reset: () => flow.loaded()?.reset(),
    },
    async handleReturn() {
      const win = options.window()
      if (!win || !options.configured() || !hasTelegramReturn(win.location.search)) return null
      return (await flow.load()).handleReturn()
    },
    async seamlessSignIn() {
      if (!options.configured() || !options.seamlessEnabled() || options.isAuthenticated() || !webAppInitData(options.window())) return null
      return (await flow.load()).login({}, null)
    },
  }
}
