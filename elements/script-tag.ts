/** Entry of the script-tag build (`dist/tessera.js`): defines `<auth-modal>` on load, `<confirm-tx>` and `<fund-wallet>` as they load. */
import { defineAuthModal, defineConfirmTx, defineFundWallet } from './index.js'

defineAuthModal()
void defineConfirmTx()
void defineFundWallet()

export * from './index.js'
// A script-tag host reads the session through the same shared client the element uses.
export { createClient, getOrCreateClient, TesseraError } from '../src/core/index.js'
