/** The UI surface elements build on: the modal view, theme helpers and copy. */
export { AuthModalView, type AuthModalViewProps } from './auth-modal-view.js'
export { FLOW_RESET_DELAY_MS } from './modal-timing.js'
export type { ModalRequest } from './modal-context.js'
export type { WalletRecoverySetDetail } from './screens/password/flow.js'
export { hostThemeCss } from './theme/host-theme-css.js'
export { useConfigState } from './client-slices/config.js'
export { LocaleProvider, type LocaleProviderProps } from './copy/locale-provider.js'
export type { CopyKey, LocaleTable, Messages } from './copy/locale-table.js'
