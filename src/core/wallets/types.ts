/**
 * External wallets (wallet spec, "States and transitions": "External wallet connection"): what the client discovers, connects and signs
 * in with. The core owns discovery, connection and SIWE/SIWS; the wallet screens only read these states.
 */
import type { TesseraError } from '../errors/base-error.js'
import type { Listener, Unsubscribe } from '../listener.js'
import type { User } from '../user/types.js'
import type { EthereumTransactionRequest, SolanaTransactionLike } from './embedded/types.js'
import type { Eip1193Provider } from './ethereum/eip1193.js'

declare module '../auth/types.js' {
  interface LoginMethodNames {
    /** Sign-in with Ethereum and with Solana, through `client.wallets`. */
    wallets: 'siwe' | 'siws'
  }
}

declare module '../auth/transfer/types.js' {
  interface TransferLinkMethods {
    wallets: 'siwe' | 'siws'
  }
}

declare module '../config/types.js' {
  interface LandingMethodNames {
    /** The wallet entry: SIWE or SIWS sign-in, through `client.wallets`. */
    wallets: 'wallet'
  }
}

export type WalletChain = 'ethereum' | 'solana'

/** How a wallet is reached: EIP-6963 announcement, a bare `window.ethereum`, wallet-standard, or WalletConnect. */
export type WalletConnectorType = 'injected' | 'solana_adapter' | 'wallet_connect'

/** A wallet the picker can offer: discovered in the page, or a known wallet that is not installed. */
export interface WalletOption {
  /** Stable id: the EIP-6963 rdns, 'injected' for a bare window.ethereum, the wallet-standard name, or 'wallet_connect'. */
  id: string
  name: string
  /** A data: or https: URL from the wallet's own announcement; null draws a generic icon. */
  icon: string | null
  chains: WalletChain[]
  connectorType: WalletConnectorType
  /** False for a listed wallet that is not in this browser (the picker shows install instructions). */
  installed: boolean
  /** Where to get a known wallet (install instructions); absent for wallets the client does not know. */
  installUrl?: string
  /**
   * Opens this page in the wallet's mobile app (wallet spec, "Screens and routes": install instructions, mobile): a template where
   * `{url}` is the encoded page address, `{page}` the address without its scheme and `{origin}` the encoded origin.
   */
  deepLink?: string
}

/** Wallet spec, "Entities and their fields": the wallet a connected account belongs to, from its option (EIP-6963 rdns or wallet-standard name as `id`). */
export interface ConnectedWalletMeta {
  name: string
  icon: string | null
  id: string
}

/** The plain fields of a connected account: what the store compares and remembered connections derive from. */
interface ConnectedWalletFields {
  address: string
  /** CAIP-2: `eip155:<decimal>` or `solana:<genesis-hash-prefix>`. */
  chainId: string
  /** The `WalletOption.id` it was connected through (the wire's `walletClientType`). */
  walletClientType: string
  connectorType: WalletConnectorType
  /** True once SIWE/SIWS proved ownership to the server (signed in or linked). */
  linked: boolean
  meta: ConnectedWalletMeta
  /** Forgets the connection here and asks the wallet to end it where it can (wallet-standard, WalletConnect). */
  disconnect(): Promise<void>
}

/**
 * A connected Ethereum account (wallet spec, "Entities and their fields": "Connected wallet (client side)"): it signs and sends through the
 * wallet's own EIP-1193 provider. A user's rejection fails with a ProviderRpcError of code 4001; a call on an account
 * no longer connected fails with 'Wallet is not currently connected.'.
 */
export interface ConnectedEthereumWallet extends ConnectedWalletFields {
  chain: 'ethereum'
  /** The wallet's own provider (EIP-6963, `window.ethereum` or WalletConnect). */
  getEthereumProvider(): Promise<Eip1193Provider>
  /** `wallet_switchEthereumChain`; a chain the wallet lacks (4902) is added from the app's chains, then switched to. */
  switchChain(chainId: number): Promise<void>
  /** `eth_sendTransaction` from this account, after switching when `chainId` is not the wallet's chain. */
  sendTransaction(request: EthereumTransactionRequest & { chainId?: number }): Promise<{ hash: string }>
  /** `personal_sign` of the message's UTF-8 bytes. */
  signMessage(message: string): Promise<{ signature: string }>
}

/** A connected Solana account: it signs through wallet-standard; @solana/web3.js loads with its first transaction. */
export interface ConnectedSolanaWallet extends ConnectedWalletFields {
  chain: 'solana'
  /** A string is signed as its UTF-8 bytes; an empty message is refused ('Message must be a non-empty string'). */
  signMessage(message: Uint8Array | string): Promise<{ signature: Uint8Array }>
  /** `solana:signTransaction`: the same transaction object comes back signed (a rewritten one, if the wallet changed it). */
  signTransaction<T extends SolanaTransactionLike>(transaction: T): Promise<T>
  /**
   * `solana:signAndSendTransaction` when the wallet offers it on the cluster's chain, else signs and sends through
   * the cluster's RPC; resolves with the base58 signature once the cluster (default: the app's first) confirms it.
   * `sponsor` is refused 'not_supported': only server-managed embedded wallets' sends are sponsored.
   */
  signAndSendTransaction(transaction: SolanaTransactionLike, options?: { cluster?: string; sponsor?: boolean }): Promise<{ signature: string }>
}

/** A connected account, as `useWallets` (Ethereum) and `useSolanaWallets` list it next to embedded wallets. */
export type ConnectedWallet = ConnectedEthereumWallet | ConnectedSolanaWallet

/** A connected account without its abilities: plain data, as the connection is built and compared. */
export type ConnectedWalletData =
  | Omit<ConnectedEthereumWallet, 'disconnect' | 'getEthereumProvider' | 'switchChain' | 'sendTransaction' | 'signMessage'>
  | Omit<ConnectedSolanaWallet, 'disconnect' | 'signMessage' | 'signTransaction' | 'signAndSendTransaction'>

/** Wallet spec: the provider connection status. */
export type WalletConnectionStatus = 'disconnected' | 'connecting' | 'switching_to_supported_chain' | 'connected'

/** Sign-in spec, "States and transitions": "SIWE and SIWS", preceded by the connection itself. */
export type WalletLoginStatus = 'initial' | 'connecting' | 'connected' | 'generating-message' | 'awaiting-signature' | 'submitting-signature' | 'done' | 'error'

/** `connect` only connects (the connect-only variant used for linking a wallet without signing in). */
export type WalletIntent = 'login' | 'link' | 'connect'

export interface WalletFlowState {
  status: WalletLoginStatus
  connection: WalletConnectionStatus
  intent: WalletIntent
  wallet: WalletOption | null
  /** The connected address once known. */
  address: string | null
  error: TesseraError | null
  /** Failed attempts so far: retry is offered only when the error is retryable and this is under 2. */
  retries: number
  /** Set while a WalletConnect pairing waits: the QR screen draws it; mobile opens it as a deep link. */
  walletConnectUri: string | null
  /** The wallet is waiting on an earlier request (-32002): keep the loading state and show the pending hint. */
  pendingRequest: boolean
}

/**
 * Sign-in spec, "The error catalogue": "Wallet login errors": which of the spec's wallet messages an error is (`walletErrorKind(error)`).
 * user_exists and unable_to_link are not retryable; the rest are.
 */
export type WalletErrorKind = 'user_exists' | 'timed_out' | 'connection' | 'rejected' | 'unable_to_link'

export interface AddEthereumChainParameter {
  chainId: string
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
}

export interface ConnectWalletOptions {
  intent?: WalletIntent
  /** Prefer this chain for a wallet that has both. */
  chain?: WalletChain
  /** EIP-155 chain id to be on; a wallet on another chain is switched (4902 → add the chain, then retry). */
  chainId?: number
  /** How to add `chainId` to a wallet that does not know it, for a chain outside the built-in table. */
  addChain?: AddEthereumChainParameter
}

/** Options of `signIn`: `solanaMessageType: 'transaction'` signs a memo transaction instead (hardware wallets such as a Ledger). */
export interface WalletSignInOptions {
  intent?: 'login' | 'link'
  disableSignup?: boolean
  captchaToken?: string
  solanaMessageType?: 'plain' | 'transaction'
}

/** A sign-in message signed outside the client (the app's own wallet connection). */
export interface ExternalSignature {
  message: string
  signature: string
  intent?: 'login' | 'link'
  disableSignup?: boolean
  /** Recorded on the linked account; default 'unknown'. */
  walletClientType?: string
  connectorType?: string
}

export interface WalletsApi {
  /** Discovered and listed wallets, in the order of the app's wallet list setting; updates as wallets announce. */
  getOptions(): WalletOption[]
  watchOptions(listener: Listener<WalletOption[]>): Unsubscribe
  getFlow(): WalletFlowState
  watchFlow(listener: Listener<WalletFlowState>): Unsubscribe
  getConnected(): ConnectedWallet[]
  watchConnected(listener: Listener<ConnectedWallet[]>): Unsubscribe
  /** The wallet id of the last successful connection on this device (the picker's 'Last used' chip). */
  getLastUsed(): string | null
  /** Connects (duplicate calls while connecting join the first); resolves with the account. */
  connect(walletId: string, options?: ConnectWalletOptions): Promise<ConnectedWallet>
  /** SIWE (Ethereum) or SIWS (Solana) over a connected account: signs in, or links with `intent: 'link'`. */
  signIn(wallet: ConnectedWalletData, options?: WalletSignInOptions): Promise<User>
  /** Connect, then sign: the landing's one-call wallet login. */
  connectAndSignIn(walletId: string, options?: ConnectWalletOptions & Omit<WalletSignInOptions, 'intent'>): Promise<User>
  /**
   * SIWE with the app's own wallet connection (`useLoginWithSiwe`): the EIP-4361 message for the address, carrying a
   * server nonce. The flow moves to `awaiting-signature`; the app signs it and calls `submitSiwe`.
   */
  generateSiweMessage(input: { address: string; chainId: number; captchaToken?: string }): Promise<string>
  /** Sends a message from `generateSiweMessage` with its signature: signs in, or links with `intent: 'link'`. */
  submitSiwe(input: ExternalSignature & { chainId?: number }): Promise<User>
  /** SIWS with the app's own wallet (`useLoginWithSiws`): the message for the address, carrying a server nonce. */
  generateSiwsMessage(input: { address: string; captchaToken?: string }): Promise<string>
  /** `messageType: 'transaction'`: `signature` is the whole signed memo transaction carrying the message (base64). */
  submitSiws(input: ExternalSignature & { messageType?: 'plain' | 'transaction' }): Promise<User>
  unlink(address: string, chain: WalletChain): Promise<User>
  disconnect(address: string): Promise<void>
  /** Back to `initial` (the modal calls it after close). */
  reset(): void
  /**
   * True in an in-app (webview) browser, where a wallet may connect only inside a trusted click: the screen must
   * call `connect` from the click handler itself, never automatically.
   */
  needsTrustedClick(): boolean
}
