import type { ClientOptions } from '../../src/core/index.js'

/** The `config` JS property: the client config the host merges over the server config. */
export type AuthModalConfig = NonNullable<ClientOptions['config']>

export interface LoginSuccessDetail {
  user: import('../../src/core/index.js').User
  isNewUser: boolean
}
export interface AuthErrorDetail { code: string; message: string }
export interface LogoutDetail { reason: string }

/** DOM events of `<auth-modal>`: bubbling, composed, without an `on` prefix. */
export interface AuthModalEventMap {
  loginsuccess: CustomEvent<LoginSuccessDetail>
  autherror: CustomEvent<AuthErrorDetail>
  modalclose: CustomEvent<null>
  logout: CustomEvent<LogoutDetail>
}
