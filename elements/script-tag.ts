/** Entry of the script-tag build (`dist/tessera.js`): defines `<auth-modal>` on load. */
import { defineAuthModal } from './index.js'

defineAuthModal()

export * from './index.js'
