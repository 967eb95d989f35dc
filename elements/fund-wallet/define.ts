/** Loading this module defines `<fund-wallet>` once; a second copy of the bundle finds it defined and does nothing. */
import { FundWalletElement } from './fund-wallet-element.js'
import { FUND_WALLET_TAG } from './tag.js'

if (typeof customElements !== 'undefined' && !customElements.get(FUND_WALLET_TAG)) customElements.define(FUND_WALLET_TAG, FundWalletElement)
