/**
 * Embedded wallets (wallet spec, "Entities and their fields" and "States and transitions"; src/frame/README.md "Key custody"): keys live only in the wallet frame; the core creates,
 * connects and recovers them through it, and offers an EIP-1193 provider per Ethereum wallet and a Solana provider.
 * Everything past the client's facade loads on first use (viem chains and signing, @solana/web3.js).
 */
import type { AuthorizationRequest, CloudRecoveryProvider, EmbeddedChainType, EntropyIdVerifier, RecoveryMethod } from '../../../protocol/index.js'
import type { Chain } from '../../chains/chain.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { Listener, Unsubscribe } from '../../listener.js'
import type { Confirmation, ConfirmationOptions, SignMessageUiOptions, TransactionUiOptions } from '../../transactions/types.js'
import type { User } from '../../user/types.js'
import type { Eip1193Provider } from '../ethereum/eip1193.js'
import type { StandardWallet } from '../discovery/wallet-standard.js'
import type { SignAuthorizationInput, SignedAuthorization } from './sign-authorization.js'

export interface EmbeddedWallet {
  /** Server-managed (`privy-v2`) wallets only: the wallet API's id. */
  id?: string
  address: string
  chainType: EmbeddedChainType
  /** 0 is the primary wallet; additional HD wallets count up from the highest existing index. */
  walletIndex: number
  recoveryMethod: RecoveryMethod
  imported: boolean
  delegated: boolean
  entropyId: string
  entropyIdVerifier: EntropyIdVerifier
  walletClientType: 'privy'
  connectorType: 'embedded'
}

/**
 * - `idle`: signed out, or no wallet yet; `creating`, `connecting`, `recovering` while the frame works;
 * - `needs-password`: the device share is missing and recovery needs the user's password (`recover({ password })`);
 * - `needs-cloud-recovery`: the device share is missing and the wallet is backed up to the user's Google Drive
 *   (`recover({ method: 'google-drive' })`, inside a click: it opens the provider's window);
 * - `ready`: every wallet of the user can sign; `error`: the last operation failed (`error` says why).
 */
export type EmbeddedWalletStatus = 'idle' | 'creating' | 'connecting' | 'recovering' | 'needs-password' | 'needs-cloud-recovery' | 'ready' | 'error'

/** The user-owned recovery of a login's waiting creation: a password, or a backup to the user's Google Drive. */
export type LoginRecoveryInput = { recoveryPassword: string } | { recoveryMethod: 'google-drive' }

export interface EmbeddedWalletsState {
  status: EmbeddedWalletStatus
  /** The user's embedded wallets, from the user's linked accounts (Ethereum first, then Solana, each by index). */
  wallets: EmbeddedWallet[]
  /**
   * The chain the last `create` is making, for the 'Creating your wallet' screen; null with status `creating` while
   * a login's creation waits for the password or recovery the app requires (`createLoginWallets`).
   */
  creating: EmbeddedChainType | null
  error: TesseraError | null
  /** Requests waiting for the user's approval, in arrival order (funding spec, "Screens and routes", "Entities and their fields" and "States and transitions"); absent or empty: none. */
  confirmations?: Confirmation[]
  /** Requests bound for the modal's confirmation that wait for their wallet's recovery first; absent: none. */
  confirmationsComing?: number
}

/** Cloud methods open the provider's window: call `setRecovery` inside the user's click. */
export type SetRecoveryInput = { method: 'user-passcode'; password: string } | { method: 'privy' } | { method: CloudRecoveryProvider }

export type RecoverInput = { password: string } | { method: CloudRecoveryProvider }

export interface CreateEmbeddedWalletOptions {
  /** Default 'ethereum'. */
  chainType?: EmbeddedChainType
  /** Another HD wallet on the existing share set (index: highest existing + 1, or `walletIndex`). */
  createAdditional?: boolean
  walletIndex?: number
  /** Sets password (user-passcode) recovery on the new wallet; default automatic recovery. */
  recoveryPassword?: string
}

/** The EIP-1193 provider of one embedded Ethereum wallet; `chainId` is the chain it is on now. */
export interface EmbeddedEthereumProvider extends Eip1193Provider {
  readonly address: string
  getChainId(): number
}

/** The Solana provider of one embedded Solana wallet; transactions are @solana/web3.js `Transaction` or `VersionedTransaction`. */
export interface EmbeddedSolanaProvider {
  readonly address: string
  /** A string is signed as its UTF-8 bytes; an empty message is refused ('Message must be a non-empty string'). */
  signMessage(message: Uint8Array | string, options?: SolanaSignMessageOptions): Promise<{ signature: Uint8Array }>
  /** With wallet UIs on, resolves once the user approved in the confirmation (funding spec, "States and transitions": "Solana transaction"). */
  signTransaction<T extends SolanaTransactionLike>(transaction: T, options?: SolanaTransactionOptions): Promise<T>
  /** Signs and sends through the cluster's RPC (default: the app's first cluster); answers the base58 signature. */
  signAndSendTransaction(transaction: SolanaTransactionLike, options?: SolanaTransactionOptions): Promise<{ signature: string }>
}

export interface SolanaSignMessageOptions {
  uiOptions?: SignMessageUiOptions
  /** How a confirmation shows (`inline` in `<confirm-tx>`). */
  confirmation?: ConfirmationOptions
}

export interface SolanaTransactionOptions {
  /** A cluster name (default: the app's first cluster): where the summary reads and the transaction is sent. */
  cluster?: string
  uiOptions?: TransactionUiOptions
  confirmation?: ConfirmationOptions
  /**
   * `signAndSendTransaction` only: retries with the same key (for this client's lifetime) sign once and answer the first
   * signature, never a second transaction; the same key with another message is refused ('invalid_data'). Once the
   * transaction's blockhash has expired without landing, send with a new key.
   */
  idempotencyKey?: string
  /**
   * `signAndSendTransaction` only: the app pays the fee ('Sponsored by {app}'): the wallet API puts the app's fee payer
   * on the transaction, signs and sends it (server-managed, privy-v2 wallets only); the balance needs to cover only the
   * lamports the transaction moves. Any other wallet, and `signTransaction`, is refused 'not_supported' before anything
   * is asked; a refusal of the app's policy is 'policy_violation' with the server's message.
   */
  sponsor?: boolean
}

/** Structural: the two @solana/web3.js transaction classes, without importing them into the facade. */
export interface SolanaTransactionLike {
  serialize(config?: unknown): Uint8Array
}

/** A transaction as `eth_sendTransaction` takes it (hex quantities); missing fields are filled from the chain. */
export interface EthereumTransactionRequest {
  from?: string
  to?: string | null
  value?: string | bigint | number
  data?: string
  chainId?: number | string
  nonce?: number | string
  gas?: string | bigint | number
  gasPrice?: string | bigint | number
  maxFeePerGas?: string | bigint | number
  maxPriorityFeePerGas?: string | bigint | number
  type?: 'legacy' | 'eip2930' | 'eip1559' | number | string
}

/**
 * What the 'Export wallet' screen embeds (funding spec, "Screens and routes": "Key export"): the export frame's URL for one wallet; `serve`
 * answers that iframe's requests for the access token (and the MFA answer) while the screen shows it.
 */
export interface KeyExportFrame {
  url: string
  wallet: EmbeddedWallet
  serve(frameWindow: { postMessage(message: unknown, targetOrigin: string): void }): Unsubscribe
  /** The screen closed: the funding spec reports the export as done (`embedded_wallet_key_export_completed`). */
  finish(): void
}

export interface ImportWalletInput {
  /** Ethereum: 32-byte hex; Solana: the base58 64-byte secret key or its 32-byte seed. */
  privateKey: string
  /** Default 'ethereum'. */
  chainType?: EmbeddedChainType
  /** Sets password (user-passcode) recovery on the imported wallet; required when the app requires a password on create. */
  recoveryPassword?: string
}

export interface SessionSignerInput {
  signerId: string
  policyIds?: string[]
}
export interface AddSessionSignersInput {
  address: string
  signers: SessionSignerInput[]
}
export interface RemoveSessionSignersInput {
  address: string
}

export interface EmbeddedWalletsApi {
  getState(): EmbeddedWalletsState
  watchState(listener: Listener<EmbeddedWalletsState>): Unsubscribe
  /** Creates a wallet (wallet spec, "States and transitions": "Wallet creation" rules); resolves once the server holds its shares. */
  create(options?: CreateEmbeddedWalletOptions): Promise<EmbeddedWallet>
  /**
   * When the app requires a password (or a user-owned recovery) on create, a login's creation waits (status
   * `creating`, the `walletPrompt` 'password:create' or 'recovery:select') for this call: it creates the login's
   * wallets (Ethereum, then Solana) with the password or a Google Drive backup (inside a click: the provider's window
   * opens) and resolves with them; a failure logs the user out, as any failed creation after login (wallet spec, "States and transitions").
   */
  createLoginWallets(input: LoginRecoveryInput): Promise<EmbeddedWallet[]>
  /** Makes every wallet of the user usable on this device: connects, or recovers when the device share is missing. */
  connect(): Promise<void>
  /** Recovery with the password when `status` is `needs-password`, or the cloud provider's consent when `needs-cloud-recovery` (inside a click). */
  recover(options: RecoverInput): Promise<void>
  /**
   * Sets every share set of the user (or only `address`'s) to password or automatic recovery, one password for all
   * (wallet spec, "States and transitions": "Recovery upgrade rules"); resolves with the refreshed user.
   */
  setRecovery(input: SetRecoveryInput, options?: { address?: string }): Promise<User>
  /** Imports a private key as an embedded wallet of its own (wallet spec, "States and transitions", on-device mode); the key goes to the frame only. */
  importWallet(input: ImportWalletInput): Promise<EmbeddedWallet>
  /** The export frame for the wallet at `address`, once this device holds its share (recovering it first if needed). */
  keyExportFrame(input: { address: string }): Promise<KeyExportFrame>
  /** The built-in and app chains, and the one embedded Ethereum wallets start on. */
  getChains(): Promise<Chain[]>
  getEthereumProvider(address?: string): Promise<EmbeddedEthereumProvider>
  getSolanaProvider(address?: string): Promise<EmbeddedSolanaProvider>
  /**
   * The primary embedded Solana wallet as a wallet-standard wallet (`standard:*`, `solana:sign*`, `solana:signIn`): the
   * same object the page's dapps find when the app announces its wallets; no account while signed out.
   */
  getSolanaStandardWallet(): Promise<StandardWallet>
  /**
   * Helpers over the providers (hooks `useSignMessage`, `useSendTransaction`, ...). With wallet UIs on
   * (`uiOptions.showWalletUIs ?? embeddedWallets.showWalletUIs`) and a UI to show them, each waits in the confirmation
   * queue (`getState().confirmations`, `walletPrompt` 'transaction:confirm') for the user's approval: a declined
   * message rejects with 4001 'The user rejected the request.', a declined transaction with 'transaction_failure';
   * `sendTransaction` then resolves after the receipt. Otherwise they sign headless. `confirmation`: how the caller's
   * own element (`<confirm-tx>`) shows it.
   */
  signMessage(
    input: { message: string; address?: string; uiOptions?: SignMessageUiOptions },
    confirmation?: ConfirmationOptions,
  ): Promise<{ signature: string }>
  signTypedData(
    input: { typedData: unknown; address?: string; uiOptions?: SignMessageUiOptions },
    confirmation?: ConfirmationOptions,
  ): Promise<{ signature: string }>
  signTransaction(
    input: { transaction: EthereumTransactionRequest; address?: string; uiOptions?: TransactionUiOptions },
    confirmation?: ConfirmationOptions,
  ): Promise<{ signature: string }>
  /**
   * `sponsor: true`: the app pays the fee ('Sponsored by {app}'): the wallet API sends it (server-managed, privy-v2
   * wallets only; an on-device wallet is refused 'not_supported'); a refusal of the app's policy is 'policy_violation'
   * with the server's message. `idempotencyKey`: retries with the same key (for this client's lifetime) sign once and answer the first
   * send's hash, never a second transaction; the same key with another transaction is refused ('invalid_data').
   */
  sendTransaction(
    input: { transaction: EthereumTransactionRequest; address?: string; uiOptions?: TransactionUiOptions; sponsor?: boolean; idempotencyKey?: string },
    confirmation?: ConfirmationOptions,
  ): Promise<{ hash: string }>
  /**
   * Signs an EIP-7702 authorization with the embedded Ethereum wallet `address` (default the primary one), headless:
   * the frame signs the authorization's hash. `chainId` defaults to the wallet's chain, `nonce` to its next nonce.
   */
  signAuthorization(input: SignAuthorizationInput & { address?: string }): Promise<SignedAuthorization>
  /**
   * The Farcaster signer key's public key (0x hex, 32 bytes): an ed25519 key the wallet frame derives from the
   * primary Ethereum wallet's HD entropy, to add with `client.auth.farcaster.requestSigner`. 'Connect failed' without one.
   */
  getFarcasterSignerPublicKey(): Promise<`0x${string}`>
  /** Signs a Farcaster message hash (20 bytes of BLAKE3; 1..1024 bytes) with that key, in the frame. */
  signFarcasterMessage(hash: Uint8Array | `0x${string}`): Promise<{ signature: `0x${string}` }>
  /**
   * Offline access (delegated wallets): lets the app's backend sign with the user's embedded wallet at `address`
   * while the user is offline. The wallet frame hands the server its device share (after MFA when enrolled): the
   * server can then sign for that wallet until `revokeWallets`. Headless; the modal's consent screen calls it.
   */
  delegateWallet(input: { address: string; chainType: EmbeddedChainType }): Promise<void>
  /** Ends every delegation of the user (`POST /wallets/revoke`). */
  revokeWallets(): Promise<void>
  /**
   * The user signer's authorization signature (wallet spec, "Roles and permissions") over a wallet API request the app sends itself, e.g. to
   * a server-managed wallet's `/rpc` (the reference's `generateAuthorizationSignature`): ECDSA P-256 over the request's
   * RFC 8785 form, base64, by the frame's non-extractable key. This server also signs and checks `privy-request-expiry`.
   */
  generateAuthorizationSignature(request: AuthorizationRequest): Promise<{ signature: string }>
  /**
   * Lets the app's session signers (app setting `session_signers`, by id) sign for the wallet at `address` (the
   * reference's `useSessionSigners`): a server-managed wallet adds them to its `additional_signers`, signed by the
   * user signer; an on-device wallet takes an empty list and is delegated. Answers the refreshed user.
   */
  addSessionSigners(input: AddSessionSignersInput): Promise<{ user: User }>
  /** Removes every session signer of the wallet at `address` (an on-device wallet: revokes the user's delegations). */
  removeSessionSigners(input: RemoveSessionSignersInput): Promise<{ user: User }>
}
