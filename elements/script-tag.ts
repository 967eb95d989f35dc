/** Entry of the script-tag build (`dist/tessera.js`): defines `<auth-modal>` on load. */
import { defineAuthModal } from './index.js'

defineAuthModal()

export * from './index.js'
// A script-tag host reads the session through the same shared client the element uses.
export { createClient, getOrCreateClient, TesseraError } from '../src/core/index.js'
