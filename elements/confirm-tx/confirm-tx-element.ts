import type { ThemeName } from '../../src/core/index.js'
import { panelElement } from '../shared/panel-element.js'
import { ConfirmTxRoot } from './confirm-tx-root.js'
import type { ConfirmTxChainType, ConfirmTxConfig, TransactionUiOptions } from './types.js'

/**
 * `<confirm-tx>`: an inline confirmation panel. `sign-only` is an HTML boolean (present means true); objects
 * (`transaction`, `uiOptions`, `config`) go through properties, and a new `transaction` starts a new request.
 */
export interface ConfirmTxElement extends HTMLElement {
  appId: string | undefined
  apiUrl: string | undefined
  address: string | undefined
  chainType: ConfirmTxChainType | undefined
  theme: ThemeName | undefined
  signOnly: boolean
  /** The request to confirm: an `eth_sendTransaction` object, or a @solana/web3.js transaction with `chain-type="solana"`. */
  transaction: unknown
  uiOptions: TransactionUiOptions | undefined
  config: ConfirmTxConfig | undefined
}

export const ConfirmTxElement = panelElement({
  root: ConfirmTxRoot,
  attributes: { appId: 'string', apiUrl: 'string', address: 'string', chainType: 'string', theme: 'string' },
  booleans: ['sign-only'],
  objects: ['transaction', 'uiOptions', 'config'],
  events: ['txconfirmed', 'txrejected', 'txfailed'],
}) as unknown as { new (): ConfirmTxElement; prototype: ConfirmTxElement }
