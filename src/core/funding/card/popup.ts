/**
 * The card providers' window (funding spec, "Screens and routes"): opened blank, synchronously inside the user's click, before anything
 * is awaited, so that blockers allow it; the provider's URL follows once the server answered.
 */
import type { PopupWindow } from '../../auth/oauth/browser-window.js'
import type { PopupHost } from '../session-context.js'

const POPUP_WIDTH = 440
const POPUP_HEIGHT = 680

/** Null when blocked, or outside a browser. */
export function openFundingPopup(host: PopupHost | null): PopupWindow | null {
  if (!host) return null
  const left = Math.round(host.screenX + (host.outerWidth - POPUP_WIDTH) / 2)
  const top = Math.round(host.screenY + (host.outerHeight - POPUP_HEIGHT) / 2)
  try {
    return host.open('about:blank', 'tessera-funding', `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`)
  } catch {
    return null
  }
}
