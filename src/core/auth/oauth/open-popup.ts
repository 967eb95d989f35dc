/** The popup flow's window (sign-in spec, "Screens and routes"): 440×680, centred on the page. Eager: it must open inside the click. */
import { OAUTH_POPUP_SIZE } from '../../../protocol/index.js'
import type { OAuthWindow, PopupWindow } from './browser-window.js'

/** Opened blank and synchronously (inside the click) so blockers allow it; the provider URL follows. Null when blocked. */
export function openOAuthPopup(win: OAuthWindow): PopupWindow | null {
  const { width, height } = OAUTH_POPUP_SIZE
  const left = Math.round(win.screenX + (win.outerWidth - width) / 2)
  const top = Math.round(win.screenY + (win.outerHeight - height) / 2)
  return win.open('about:blank', 'tessera-oauth', `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
}
