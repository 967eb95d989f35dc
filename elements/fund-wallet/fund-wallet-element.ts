import type { DefinedElement } from '../definition-format.js'
import { definedElement } from '../shared/defined-element.js'
import { fundWalletDefinition } from './definition.js'
import { FundWalletRoot } from './fund-wallet-root.js'

/**
 * `<fund-wallet>`: an inline funding panel (funding spec, "Screens and routes") for one of the signed-in user's wallets. Attributes name
 * the wallet and what to add; `config` carries the rest; a session starts once the user is signed in and starts
 * again after it ended.
 */
export type FundWalletElement = DefinedElement<typeof fundWalletDefinition, HTMLElement>

export const FundWalletElement = definedElement(fundWalletDefinition, FundWalletRoot)
