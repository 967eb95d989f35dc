import { authModalDefinition } from './auth-modal/definition.js'
import { confirmTxDefinition } from './confirm-tx/definition.js'
import type { ElementDefinition } from './definition-format.js'
import { fundWalletDefinition } from './fund-wallet/definition.js'

export { authModalDefinition, confirmTxDefinition, fundWalletDefinition }

/** Every element's definition, in the README's order (the manifest and README scripts read this list). */
export const elementDefinitions: readonly ElementDefinition[] = [authModalDefinition, confirmTxDefinition, fundWalletDefinition]
