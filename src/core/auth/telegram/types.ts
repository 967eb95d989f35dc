/** `client.auth.telegram`: Telegram (sign-in spec, "States and transitions": "Telegram"): the login widget, or seamless sign-in inside a Telegram Mini App. */
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { StateMembers } from '../state-members.js'
import type { PopupWindow } from '../oauth/browser-window.js'

declare module '../types.js' {
  interface LoginMethodNames {
    telegram: 'telegram'
  }
}

declare module '../../config/types.js' {
  interface LandingMethodNames {
    telegram: 'telegram'
  }
}

/**
 * Sign-in spec, "States and transitions": "Telegram": the login widget's popup (or redirect), or Mini App `initData` when seamless sign-in
 * is on; then the server verifies the signed result ('Verifying connection to Telegram').
 */
export type TelegramFlowStatus = 'initial' | 'awaiting-telegram' | 'verifying' | 'done' | 'error'
export interface TelegramFlowState {
  status: TelegramFlowStatus
  intent: 'login' | 'link'
  error: TesseraError | null
}
export interface TelegramLoginOptions {
  captchaToken?: string
  disableSignup?: boolean
  /** Default true: the widget opens in a popup (a blocked popup falls back to a redirect); false leaves the page. */
  popup?: boolean
}

export interface TelegramActions {
  /** Signs in with Mini App `initData` when present and allowed, else through the login widget. */
  login(options?: TelegramLoginOptions): Promise<User>
  /** Links a Telegram account to the signed-in user (the app's `linkEnabled`). */
  link(options?: Pick<TelegramLoginOptions, 'popup'>): Promise<User>
  unlink(telegramUserId: string): Promise<User>
  reset(): void
}

export interface TelegramApi extends TelegramActions, StateMembers<TelegramFlowState> {}

export interface TelegramFlow {
  login(options: TelegramLoginOptions, popup: PopupWindow | null): Promise<User>
  link(options: { popup?: boolean }, popup: PopupWindow | null): Promise<User>
  unlink(telegramUserId: string): Promise<User>
  handleReturn(): Promise<User | null>
  reset(): void
}

export interface TelegramAccount extends AccountTimes {
  type: 'telegram'
  telegramUserId: string
  firstName: string | null
  lastName: string | null
  username: string | null
  photoUrl: string | null
}

/** Its linked accounts, and the user's slot for the first of each, merged into user/types.ts's. */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    telegram: TelegramAccount
  }
  interface User {
    telegram?: TelegramAccount
  }
}

/** Its accounts move to the signed-in user on `account_transfer_required` (`client.transferAccount`). */
declare module '../transfer/types.js' {
  interface TransferLinkMethods {
    telegram: 'telegram'
  }
}
