/** Public API of `tessera/elements`. */
// Each element's surface is declared once (elements/<tag>/definition.ts); hosts read it as dist/custom-elements.json.
export type {
  DefinedElement,
  ElementAttributes,
  ElementDefinition,
  ElementEventMap,
  ElementProperties,
  ThemeChoice,
  TypeOf,
  Typed,
} from './definition-format.js'
export { AuthModalElement } from './auth-modal/auth-modal-element.js'
export { AUTH_MODAL_TAG, defineAuthModal } from './auth-modal/define.js'
// `<confirm-tx>` loads on `defineConfirmTx()`: only that small function ships with the entry.
export { defineConfirmTx } from './confirm-tx/define-lazy.js'
export type { ConfirmTxElement } from './confirm-tx/confirm-tx-element.js'
export type { ConfirmTxChainType, ConfirmTxConfig, TxConfirmedDetail, TxErrorDetail } from './confirm-tx/types.js'
export type { ConfirmTxEventMap } from './confirm-tx/definition.js'
// `<fund-wallet>` loads on `defineFundWallet()`, as `<confirm-tx>` does.
export { defineFundWallet } from './fund-wallet/define-lazy.js'
export type { FundWalletElement } from './fund-wallet/fund-wallet-element.js'
export type { FundFailedDetail, FundOutcomeDetail, FundWalletChainType, FundWalletConfig } from './fund-wallet/types.js'
export type { FundWalletEventMap } from './fund-wallet/definition.js'
export type {
  AuthErrorDetail,
  AuthModalConfig,
  AuthModalRequest,
  LinkSuccessDetail,
  LoginSuccessDetail,
  LogoutDetail,
  UpdateSuccessDetail,
  WalletRecoverySetDetail,
} from './auth-modal/types.js'
export type { AuthModalEventMap } from './auth-modal/definition.js'

declare global {
  interface HTMLElementTagNameMap {
    'auth-modal': import('./auth-modal/auth-modal-element.js').AuthModalElement
    'confirm-tx': import('./confirm-tx/confirm-tx-element.js').ConfirmTxElement
    'fund-wallet': import('./fund-wallet/fund-wallet-element.js').FundWalletElement
  }
}
