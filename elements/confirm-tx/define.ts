/** Loading this module defines `<confirm-tx>` once; a second copy of the bundle finds it defined and does nothing. */
import { ConfirmTxElement } from './confirm-tx-element.js'
import { CONFIRM_TX_TAG } from './tag.js'

if (typeof customElements !== 'undefined' && !customElements.get(CONFIRM_TX_TAG)) customElements.define(CONFIRM_TX_TAG, ConfirmTxElement)
