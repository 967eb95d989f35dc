/** Entry of the script-tag build (`dist/tessera.js`): defines `<auth-modal>` on load, and `<confirm-tx>` as it loads. */
import { defineAuthModal, defineConfirmTx } from './index.js'

defineAuthModal()
void defineConfirmTx()

export * from './index.js'
// A script-tag host reads the session through the same shared client the element uses.
export { createClient, getOrCreateClient, TesseraError } from '../src/core/index.js'
