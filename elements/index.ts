/** Public API of `tessera/elements`. */
export { AuthModalElement } from './auth-modal/auth-modal-element.js'
export { AUTH_MODAL_TAG, defineAuthModal } from './auth-modal/define.js'
export type {
  AuthErrorDetail,
  AuthModalConfig,
  AuthModalEventMap,
  AuthModalRequest,
  LinkSuccessDetail,
  LoginSuccessDetail,
  LogoutDetail,
  UpdateSuccessDetail,
  WalletRecoverySetDetail,
} from './auth-modal/types.js'

declare global {
  interface HTMLElementTagNameMap {
    'auth-modal': import('./auth-modal/auth-modal-element.js').AuthModalElement
  }
}
