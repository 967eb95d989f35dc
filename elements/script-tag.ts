/**
 * Entry of the script-tag build (`dist/tessera.js`): defines `<auth-modal>` on load, `<confirm-tx>` as it loads, and
 * `<fund-wallet>` once the page holds one (funding costs a page without it nothing).
 */
import { defineWhenUsed } from './define-when-used.js'
import { defineAuthModal, defineConfirmTx, defineFundWallet } from './index.js'

defineAuthModal()
void defineConfirmTx()
defineWhenUsed('fund-wallet', defineFundWallet)

export * from './index.js'
// A script-tag host reads the session through the same shared client the element uses.
export { createClient, getOrCreateClient, TesseraError } from '../src/core/index.js'
