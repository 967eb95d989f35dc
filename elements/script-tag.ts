/**
 * Entry of the script-tag build (`dist/tessera.js`): defines `<auth-modal>` on load, and each panel (`<confirm-tx>`,
 * `<fund-wallet>`) once the page holds one: a page without a panel loads none of its code.
 */
import { defineWhenUsed } from './define-when-used.js'
import { defineAuthModal, defineConfirmTx, defineFundWallet } from './index.js'

defineAuthModal()
defineWhenUsed({ 'confirm-tx': defineConfirmTx, 'fund-wallet': defineFundWallet })

export * from './index.js'
// A script-tag host reads the session through the same shared client the element uses.
export { createClient, getOrCreateClient, TesseraError } from '../src/core/index.js'
