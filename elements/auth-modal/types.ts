import type { ClientOptions, User } from '../../src/core/index.js'
import type { ModalRequest, WalletRecoverySetDetail } from '../../src/ui/index.js'

/** The `config` JS property: the client config the host merges over the server config. */
export type AuthModalConfig = NonNullable<ClientOptions['config']>

export interface LoginSuccessDetail {
  user: User
  isNewUser: boolean
}
/**
 * What `start()` opens the modal for: `{ intent: 'login' }` (the landing), `{ intent: 'link', method }` with
 * `method` 'email', 'sms' or an OAuth provider, or `{ intent: 'update', method: 'email' | 'sms' }`.
 */
export type AuthModalRequest = ModalRequest
/** `linksuccess`: the account was linked to the signed-in user; `linkMethod` is 'email', 'sms' or the provider. */
export interface LinkSuccessDetail { user: User; linkMethod: string }
/** `updatesuccess`: the user's email or phone number was replaced. */
export interface UpdateSuccessDetail { user: User; updateMethod: 'email' | 'sms' }
export interface AuthErrorDetail { code: string; message: string }
export type { WalletRecoverySetDetail }
export interface LogoutDetail { reason: string }

/** DOM events of `<auth-modal>`: bubbling, composed, without an `on` prefix. */
export interface AuthModalEventMap {
  loginsuccess: CustomEvent<LoginSuccessDetail>
  autherror: CustomEvent<AuthErrorDetail>
  modalclose: CustomEvent<null>
  logout: CustomEvent<LogoutDetail>
  linksuccess: CustomEvent<LinkSuccessDetail>
  updatesuccess: CustomEvent<UpdateSuccessDetail>
  /** A wallet flow set the wallets' recovery (password, automatic): `useSetWalletPassword` and `useSetWalletRecovery` hear it. */
  walletrecoveryset: CustomEvent<WalletRecoverySetDetail>
}
