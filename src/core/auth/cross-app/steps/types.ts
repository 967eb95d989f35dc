import type { CrossAppTransactRequestDto } from '../../../../protocol/index.js'
import type { OAuthWindow, PopupWindow } from '../../oauth/browser-window.js'
import type { CrossAppTransactTarget } from '../types.js'

export interface StartedCrossAppFlow {
  started: number
  providerAppId: string
  intent: 'login' | 'link'
  win: OAuthWindow
  popup: PopupWindow
}

export interface StartedCrossAppTransact extends CrossAppTransactTarget {
  /** The request, for the cross-app account's wallet the refusals chose. */
  toRequest(address: string): CrossAppTransactRequestDto
  /** The page's window (throws without one): needed only once the refusals are past. */
  requireWindow(): OAuthWindow
  /** Opened inside the click when the connections were already known; else opened here. */
  popup: PopupWindow | null
}
