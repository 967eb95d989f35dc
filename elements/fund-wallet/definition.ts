import { parts, typed, type ElementDefinition, type ElementEventMap } from '../definition-format.js'
import { apiUrlAttribute, appIdAttribute, bubblingNote, localeAttribute, messagesProperty, themeAttribute } from '../shared/common-surface.js'
import { themeCssProperties } from '../shared/css-properties.js'
import type { FundFailedDetail, FundOutcomeDetail, FundWalletChainType, FundWalletConfig } from './types.js'

/** `<fund-wallet>`: an inline funding panel (funding spec, "What the product does and for whom" to "Validation rules") for one of the signed-in user's wallets. */
export const fundWalletDefinition = {
  tag: 'fund-wallet',
  className: 'FundWalletElement',
  summary:
    "An inline funding panel for one of the signed-in user's wallets: a session starts once the user is signed in and their wallet exists, and a new one after each ends.",
  attributes: [
    appIdAttribute,
    apiUrlAttribute,
    {
      name: 'address',
      property: 'address',
      kind: 'string',
      type: typed<string>('string'),
      description: "The wallet; default the user's first embedded wallet of `chain-type`",
    },
    {
      name: 'chain-type',
      property: 'chainType',
      kind: 'string',
      type: typed<FundWalletChainType>("'ethereum' | 'solana'"),
      description: "'ethereum' (default) or 'solana'",
    },
    {
      name: 'chain-id',
      property: 'chainId',
      kind: 'number',
      type: typed<number>('number'),
      description: "EIP-155 chain (Ethereum); default the app's recommended chain",
    },
    {
      name: 'cluster',
      property: 'cluster',
      kind: 'string',
      type: typed<'mainnet-beta' | 'devnet' | 'testnet'>("'mainnet-beta' | 'devnet' | 'testnet'"),
      description: 'Solana cluster',
    },
    {
      name: 'amount',
      property: 'amount',
      kind: 'string',
      type: typed<string>('string'),
      description: "In the asset's whole units ('0.05'); default the app's recommendation",
    },
    { name: 'asset', property: 'asset', kind: 'string', type: typed<string>('string'), description: "'native-currency', 'USDC' or an ERC-20 address" },
    {
      name: 'default-method',
      property: 'defaultMethod',
      kind: 'string',
      type: typed<'card' | 'exchange' | 'wallet' | 'manual'>("'card' | 'exchange' | 'wallet' | 'manual'"),
      description: 'Fires once when the landing first shows',
    },
    themeAttribute,
    localeAttribute,
  ],
  properties: [
    {
      name: 'config',
      type: typed<FundWalletConfig>('FundWalletConfig'),
      description:
        "`{ uiConfig: { landing: { title }, receiveFundsTitle, receiveFundsSubtitle }, card: { preferredProvider: 'coinbase' | 'moonpay' }, crossChainBridgingEnabled }` (an empty title or subtitle hides it)",
    },
    messagesProperty,
  ],
  methods: [],
  events: [
    {
      name: 'fundsuccess',
      detail: typed<FundOutcomeDetail>('FundOutcomeDetail'),
      shape: '{ address, chain | cluster, fundingMethod, balance }',
      description: "The session was funded (`balance` a bigint in the asset's smallest units, or null)",
      dispatcher: 'root',
      reactCallback: 'onSuccess',
    },
    {
      name: 'funduserexited',
      detail: typed<FundOutcomeDetail>('FundOutcomeDetail'),
      shape: '{ address, chain | cluster, fundingMethod, balance }',
      description: 'The session ended without funding',
      dispatcher: 'root',
      reactCallback: 'onUserExited',
    },
    {
      name: 'fundfailed',
      detail: typed<FundFailedDetail>('FundFailedDetail'),
      shape: '{ code, message }',
      description: "Each time a method fails (the landing's banner, a transfer's error screen) or a session is refused",
      dispatcher: 'root',
      reactCallback: 'onFailed',
    },
  ],
  parts: [
    ...parts('The panel', ['panel']),
    ...parts('Landing', [
      'funding-card-button',
      'funding-exchange-button',
      'funding-wallet-button',
      'funding-receive-button',
      'funding-error',
      'funding-alternate-provider',
    ]),
    ...parts('Receive', ['funding-qr-code', 'funding-address', 'funding-copy-address', 'funding-balance', 'funding-continue']),
    ...parts('Wallets', ['funding-wallet-row', 'funding-badge-connected', 'funding-badge-solana', 'funding-more-wallets']),
    ...parts('Amount', ['funding-amount-input', 'funding-usd']),
    ...parts('Bridging', ['funding-source-chain', 'funding-total', 'funding-to', 'funding-network', 'funding-estimated-fee', 'funding-confirm']),
    ...parts('Outcome', ['funding-status-title', 'funding-success', 'funding-error-message', 'funding-refund-link', 'funding-retry']),
  ],
  cssProperties: themeCssProperties,
  notes: {
    events: bubblingNote,
    parts: 'The full list of `funding-*` parts is in docs/decisions.md ("Funding screens (UI)")',
  },
} as const satisfies ElementDefinition

/** DOM events of `<fund-wallet>` (its definition). */
export type FundWalletEventMap = ElementEventMap<typeof fundWalletDefinition>
