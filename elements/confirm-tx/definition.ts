import { parts, typed, type ElementDefinition, type ElementEventMap } from '../definition-format.js'
import { apiUrlAttribute, appIdAttribute, bubblingNote, localeAttribute, messagesProperty, themeAttribute } from '../shared/common-surface.js'
import { themeCssProperties } from '../shared/css-properties.js'
import type { ConfirmTxChainType, ConfirmTxConfig, TransactionUiOptions, TxConfirmedDetail, TxErrorDetail } from './types.js'

/** `<confirm-tx>`: an inline confirmation panel for one transaction of the signed-in user's embedded wallet. */
export const confirmTxDefinition = {
  tag: 'confirm-tx',
  className: 'ConfirmTxElement',
  summary:
    "An inline confirmation panel (not a modal) for one transaction of the signed-in user's embedded wallet: setting `transaction` starts the request with its confirmation shown in place.",
  attributes: [
    appIdAttribute,
    apiUrlAttribute,
    {
      name: 'address',
      property: 'address',
      kind: 'string',
      type: typed<string>('string'),
      description: "The embedded wallet; default the user's first of the chain",
    },
    {
      name: 'chain-type',
      property: 'chainType',
      kind: 'string',
      type: typed<ConfirmTxChainType>("'ethereum' | 'solana'"),
      description: "'ethereum' (default) or 'solana'",
    },
    { name: 'sign-only', property: 'signOnly', kind: 'boolean', type: typed<boolean>('boolean'), description: 'Sign without sending (present means true)' },
    themeAttribute,
    localeAttribute,
  ],
  properties: [
    {
      name: 'uiOptions',
      type: typed<TransactionUiOptions>('TransactionUiOptions'),
      description: '`title`, `description`, `buttonText`, `successHeader`, `successDescription`, `transactionInfo`, `isCancellable`',
    },
    { name: 'config', type: typed<ConfirmTxConfig>('ConfirmTxConfig'), description: "As `<auth-modal>`'s" },
    messagesProperty,
    // Last: the React wrapper sets properties in this order, and a new transaction starts the request.
    {
      name: 'transaction',
      type: typed<unknown>('unknown'),
      description:
        "An `eth_sendTransaction` request object, or a @solana/web3.js `Transaction` / `VersionedTransaction`; each new value starts a new request: `embeddedWallets.sendTransaction` / `signTransaction`, or the Solana provider's `signAndSendTransaction` / `signTransaction`",
    },
  ],
  methods: [],
  events: [
    {
      name: 'txconfirmed',
      detail: typed<TxConfirmedDetail>('TxConfirmedDetail'),
      shape: '{ hash } | { signature }',
      description: '`{ hash }` for a sent Ethereum transaction, `{ signature }` for a signed one or a Solana one',
      dispatcher: 'root',
      reactCallback: 'onConfirmed',
    },
    {
      name: 'txrejected',
      detail: typed<TxErrorDetail>('TxErrorDetail'),
      shape: '{ code, message }',
      description: 'The user declined',
      dispatcher: 'root',
      reactCallback: 'onRejected',
    },
    {
      name: 'txfailed',
      detail: typed<TxErrorDetail>('TxErrorDetail'),
      shape: '{ code, message }',
      description: 'Each time the error screen shows, or the request failed before it',
      dispatcher: 'root',
      reactCallback: 'onFailed',
    },
  ],
  parts: [
    ...parts('The panel', ['panel', 'header', 'title', 'back-button', 'body', 'description', 'icon']),
    ...parts('Rows', [
      'row',
      'row-send',
      'row-receive',
      'row-approval-amount',
      'row-amount',
      'row-spender',
      'row-to',
      'row-token-address',
      'row-network',
      'row-estimated-fee',
    ]),
    ...parts('Details', ['details', 'detail-from', 'detail-to', 'detail-value', 'detail-data', 'detail-nonce', 'detail-gas', 'detail-chain-id', 'detail-type']),
    ...parts('Pending summary', ['pending-summary', 'summary-from', 'summary-to', 'summary-action', 'summary-fee', 'summary-total']),
    ...parts('Balance and wallet', ['balance-card', 'balance', 'wallet-card', 'advanced', 'instructions', 'instruction']),
    ...parts('Scan', [
      'scan-banner',
      'warning-banner',
      'malicious-banner',
      'scan-reason',
      'acknowledge-risk',
      'scan-details-button',
      'scan-details',
      'scan-out',
      'scan-in',
      'scan-exposure',
      'scan-empty',
      'scan-failed',
    ]),
    ...parts('Batches and actions', [
      'queue-steps',
      'previous-transaction',
      'next-transaction',
      'progress',
      'submit-button',
      'approve-button',
      'add-funds-button',
      'add-funds-hint',
      'reject-button',
    ]),
    ...parts('Receipt', [
      'receipt',
      'success',
      'receipt-hash',
      'receipt-action',
      'receipt-total',
      'receipt-fees',
      'receipt-to',
      'done-button',
      'explorer-link',
    ]),
    ...parts('Error', ['transaction-error', 'error-code', 'error-message', 'transaction-hash', 'copy-hash', 'retry-button']),
  ],
  cssProperties: themeCssProperties,
  notes: {
    events: `${bubblingNote}. Removing the element rejects its pending request`,
    parts: "`<auth-modal>` shows the same screens (and the sign-message screen: `message`, `success`, `error`) on 'transaction:confirm'",
  },
} as const satisfies ElementDefinition

/** DOM events of `<confirm-tx>` (its definition). */
export type ConfirmTxEventMap = ElementEventMap<typeof confirmTxDefinition>
