/** `client.auth.telegram`: Telegram (sign-in spec, "States and transitions": "Telegram"): the login widget, or seamless sign-in inside a Telegram Mini App. */
import type { TelegramFlowState, TelegramLoginOptions } from '../../types.js'
import type { User } from '../../user/types.js'
import type { StateMembers } from '../login-method.js'

export interface TelegramActions {
  /** Signs in with Mini App `initData` when present and allowed, else through the login widget. */
  login(options?: TelegramLoginOptions): Promise<User>
  /** Links a Telegram account to the signed-in user (the app's `linkEnabled`). */
  link(options?: Pick<TelegramLoginOptions, 'popup'>): Promise<User>
  unlink(telegramUserId: string): Promise<User>
  reset(): void
}

export interface TelegramApi extends TelegramActions, StateMembers<TelegramFlowState> {}
