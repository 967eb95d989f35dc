/**
 * Confirmations (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"): when an app signs or sends with an embedded wallet and wallet UIs are on, the
 * core holds the request as a `Confirmation` in the embedded-wallets state until the user approves or rejects it.
 * The core does the work (decoding, token reads, fees, balance, scan, submission, receipt); the screens of
 * `<auth-modal>` ('transaction:confirm') and `<confirm-tx>` only render a confirmation and call its actions.
 */
import type { ScanVerdict } from '../../protocol/index.js'
import type { Chain } from '../chains/chain.js'
import type { TesseraError } from '../errors/base-error.js'

/** `uiOptions` of `signMessage` / `signTypedData` (funding spec, "Entities and their fields": "Sign message data"). */
export interface SignMessageUiOptions {
  title?: string
  description?: string
  buttonText?: string
  iconUrl?: string
  /** Offers 'Not now'. */
  isCancellable?: boolean
  /** Overrides the app's `embeddedWallets.showWalletUIs` for this call. */
  showWalletUIs?: boolean
}

/** `uiOptions` of `sendTransaction` / `signTransaction` (funding spec, "Entities and their fields": "UI options for transactions"). */
export interface TransactionUiOptions {
  title?: string
  description?: string
  buttonText?: string
  successHeader?: string
  successDescription?: string
  transactionInfo?: { title?: string; action?: string; contractInfo?: { imgUrl?: string; imgAltText?: string } }
  isCancellable?: boolean
  showWalletUIs?: boolean
}

/** An amount of one asset; `usd` is null when no price is known (the row then shows the token amount only). */
export interface AssetAmount {
  /** Smallest units (wei, token units, lamports). */
  value: bigint
  decimals: number
  symbol: string
  usd: number | null
}

/** What the decoded call does (funding spec, "Entities and their fields": "Ethereum decoded calls"); `send` is a plain value transfer or an unknown call. */
export type EthereumAction =
  | { type: 'send' }
  | { type: 'approve'; token: string; spender: string; amount: bigint }
  | { type: 'transfer'; token: string; to: string; amount: bigint }
  | { type: 'transferFrom'; token: string; from: string; to: string; amount: bigint }
  | { type: 'safeTransferFrom'; token: string; from: string; to: string; tokenId: bigint; amount?: bigint }
  | { type: 'safeBatchTransferFrom'; token: string; from: string; to: string; tokenIds: bigint[]; amounts: bigint[] }
  | { type: 'setApprovalForAll'; token: string; operator: string; approved: boolean }
  | { type: 'mint'; token: string; to?: string; amount?: bigint; tokenId?: bigint }
  | { type: 'contract-call'; to: string; functionName: string | null }

/** One scanned asset change (from the server's `scan/transaction` simulation). */
export interface ScanAssetChange {
  asset: {
    type: 'NATIVE' | 'ERC20' | 'ERC721' | 'ERC1155'
    address: string | null
    name: string | null
    symbol: string | null
    logoUrl: string | null
    decimals: number | null
  }
  in: { value: string; usd: number | null; tokenId?: string }[]
  out: { value: string; usd: number | null; tokenId?: string }[]
}

export interface ScanExposure {
  asset: ScanAssetChange['asset']
  spender: string
  /** Display amount ('unlimited' spelled by the UI when `unlimited`). */
  value: string | null
  unlimited: boolean
  approvedForAll: boolean
}

export type ScanState =
  | { status: 'uninitiated' }
  | { status: 'in-progress' }
  | { status: 'failed'; message: string }
  | { status: 'completed'; verdict: ScanVerdict; reason: string | null; features: string[]; changes: ScanAssetChange[]; exposures: ScanExposure[] }

/** The rows of the Ethereum confirmation (funding spec, "Screens and routes": "Ethereum transaction confirmation"); absent rows are not shown. */
export interface EthereumTransactionSummary {
  action: EthereumAction
  send?: AssetAmount
  receive?: AssetAmount
  approvalAmount?: AssetAmount | 'unlimited'
  amount?: AssetAmount
  spender?: string
  to: string | null
  tokenAddress?: string
  network: string
  /** null when sponsored ('Sponsored by {app}'). */
  estimatedFee: AssetAmount | null
  sponsored: boolean
  /** The native balance of the wallet on the chain ('balance card'). */
  balance: AssetAmount
  /** Value plus the highest fee exceed the balance: the button becomes 'Add funds'. */
  insufficientFunds: boolean
  /** The prepared request, for the Details view. */
  request: {
    from: string
    to: string | null
    value: bigint
    data: string | null
    nonce: number
    gas: bigint
    chainId: number
    type: 'legacy' | 'eip2930' | 'eip1559' | 'user-operation'
  }
}

export interface EthereumReceipt {
  hash: string
  status: 'success' | 'reverted'
  blockNumber: bigint
  gasUsed: bigint
  /** A link for the hash on the chain's block explorer, when the chain has one. */
  explorerUrl: string | null
}

export type ConfirmationStatus =
  /** Reading the chain (decoding, fees, balance). */
  | 'preparing'
  /** Waiting for the user. */
  | 'ready'
  /** Approved: signing, sending, waiting for the receipt. */
  | 'submitting'
  /** Done: the receipt (or the signature in sign-only mode) is in; the screen shows success, then closes. */
  | 'complete'
  /** Failed: `error` says why; `retry()` tries again. */
  | 'error'

interface ConfirmationBase {
  id: string
  /** The signing wallet. */
  address: string
  status: ConfirmationStatus
  error: TesseraError | null
  /** Started with `ConfirmationOptions.inline`: its own element (`<confirm-tx>`) shows it; `<auth-modal>` leaves it. */
  inline?: boolean
  /** Starts the signing (or sending); refused while `insufficientFunds` or an unticked malicious verdict. */
  approve(): void
  /** Ends the request with 'The user rejected the request.' (4001); closes without error after success. */
  reject(): void
}

export interface SignMessageConfirmation extends ConfirmationBase {
  kind: 'sign-message'
  chainType: 'ethereum' | 'solana'
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'signMessage'
  /** The text shown: the UTF-8 message (or its hex when not text), or the typed data pretty-printed. */
  message: string
  uiOptions: SignMessageUiOptions
}

export interface EthereumTransactionConfirmation extends ConfirmationBase {
  kind: 'ethereum-transaction'
  chain: Chain
  signOnly: boolean
  uiOptions: TransactionUiOptions
  /** Place in the queue of pending transactions: the title gets ' (i / n)' when `total` > 1. */
  position: { index: number; total: number }
  /**
   * A smart wallet's calls, sent together as one user operation: `position` steps through the calls (not the queue),
   * `summary` is the call at `position.index`, approve moves on ('Continue') until the last call sends them all.
   */
  userOperation?: boolean
  summary: EthereumTransactionSummary | null
  scan: ScanState
  /** Must be set (the malicious checkbox) before `approve()` when the verdict is Malicious. */
  acknowledgedRisk: boolean
  acknowledgeRisk(value: boolean): void
  receipt: EthereumReceipt | null
  /** The hash of a sent transaction that failed or reverted (the error screen's copyable hash). */
  hash: string | null
  /** After an error: prepares and submits again (with a fresh nonce when the old one was used or rejected). */
  retry(): void
  /**
   * 'Add funds' (funding spec, "Screens and routes"), while `summary.insufficientFunds`: opens a funding session for this wallet on the
   * confirmation's chain (or cluster) for the shortfall, shown over the confirmation (`forConfirmation`, and `inline`
   * as the confirmation is); when the session ends, the confirmation is prepared again with the new balance. A session
   * that cannot open (funding off, no UI) leaves its error on the confirmation, which stays ready.
   */
  addFunds(): void
}

/** A decoded Solana instruction (funding spec, "Entities and their fields": "Solana prepared transaction"); amounts are in the token's units. */
export type SolanaInstructionSummary =
  | { type: 'sol-transfer'; from: string; to: string; amount: AssetAmount }
  /** `from` and `to` are token accounts; `authority` signs for `from` (the wallet, when the tokens are its own). */
  | { type: 'spl-transfer'; from: string; to: string; authority: string; mint: string | null; amount: AssetAmount }
  | { type: 'ata-creation'; owner: string; mint: string; account: string }
  | { type: 'create-account'; from: string; account: string; lamports: AssetAmount; space: number; owner: string }
  | { type: 'spl-init-account'; account: string; mint: string; owner: string }
  | { type: 'spl-close-account'; account: string; destination: string }
  | { type: 'spl-sync-native'; account: string }
  /**
   * A swap through Raydium's AMM or Jupiter's aggregator, by the wallet `authority`. One side is exact and the other
   * the instruction's bound or quote: an exact-in swap's `amountOut` is its minimum (Raydium) or quote (Jupiter), an
   * exact-out swap's `amountIn` its maximum or quote. A mint not found is null (symbol '', decimals 0).
   */
  | SolanaSwapInstruction
  | { type: 'unknown'; programId: string }

export interface SolanaSwapInstruction {
  type: 'raydium-swap' | 'jupiter-swap'
  authority: string
  inputMint: string | null
  outputMint: string | null
  amountIn: AssetAmount
  amountOut: AssetAmount
}

export interface SolanaTransactionSummary {
  instructions: SolanaInstructionSummary[]
  /** The wallet's outgoing total (SOL and SPL), when the transaction moves one asset. */
  amount?: AssetAmount
  /** The wallet's first swap: what goes in and what comes out. */
  swap?: { in: AssetAmount; out: AssetAmount }
  network: string
  /** The fee of the message as sent (the app pays it when sponsored). */
  estimatedFee: AssetAmount
  /** The app pays the fee ('Sponsored by {app}'): it is not counted against the balance. */
  sponsored: boolean
  balance: AssetAmount
  /** The lamports the wallet sends or funds, plus the fee when it pays it, exceed the balance: 'Add funds'. */
  insufficientFunds: boolean
  /** The first destination, for the receipt's To row. */
  to: string | null
}

export interface SolanaReceipt {
  signature: string
  explorerUrl: string | null
}

export interface SolanaTransactionConfirmation extends ConfirmationBase {
  kind: 'solana-transaction'
  cluster: { name: string; rpcUrl: string }
  signOnly: boolean
  uiOptions: TransactionUiOptions
  summary: SolanaTransactionSummary | null
  receipt: SolanaReceipt | null
  /** The signature of a sent transaction that failed or was not confirmed (the error screen's copyable hash). */
  signature: string | null
  /** After an error: fetches a fresh blockhash and submits again. */
  retry(): void
  /** 'Add funds', as on the Ethereum confirmation: the shortfall in SOL on the confirmation's cluster. */
  addFunds(): void
}

export type Confirmation = SignMessageConfirmation | EthereumTransactionConfirmation | SolanaTransactionConfirmation

/**
 * How a caller shows its confirmation: `inline` = its own element shows it (`<confirm-tx>`), no `walletPrompt`;
 * `id` names the confirmation so that element finds it in the queue.
 */
export interface ConfirmationOptions {
  inline?: boolean
  id?: string
}
