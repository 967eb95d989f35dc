import type { DefinedElement } from '../definition-format.js'
import { definedElement } from '../shared/defined-element.js'
import { ConfirmTxRoot } from './confirm-tx-root.js'
import { confirmTxDefinition } from './definition.js'

/**
 * `<confirm-tx>`: an inline confirmation panel. `sign-only` is an HTML boolean (present means true); objects
 * (`transaction`, `uiOptions`, `config`, `messages`) go through properties, and a new `transaction` starts a new request.
 */
export type ConfirmTxElement = DefinedElement<typeof confirmTxDefinition, HTMLElement>

export const ConfirmTxElement = definedElement(confirmTxDefinition, ConfirmTxRoot)
