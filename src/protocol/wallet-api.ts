/**
 * Server-managed ("wallet API", recovery method `privy-v2`) wallets (wallet spec, "What the product does and for whom", "Roles and permissions" and "The calls it makes"): the server's signer holds
 * the key; the user signs each request with a P-256 user signer registered for their session, and the server signs for
 * the wallet only when that authorization signature (authorization-signature.ts) verifies. Kept out of routes.ts so the
 * landing bundle never carries it.
 */
import type { EthereumCaip2, SolanaCaip2 } from './caip2.js'
import { get, patch, post } from './routes/route.js'
import type { WalletRpcBody, WalletRpcQuantity, WalletRpcResponse, WalletRpcTransaction } from './delegation-routes.js'
import type { EmbeddedChainType } from './wallet-frame.js'

export const walletApiRoutes = {
  /** Creates the caller's (session) or `owner_id`'s (app secret) server-managed wallet; idempotent per (user, chain, index). */
  create: post<CreateServerWalletBody, ServerWallet>('/api/v1/wallets'),
  /** Imports a private key as a server-managed wallet of the caller (session). */
  import: post<ImportServerWalletBody, ServerWallet>('/api/v1/wallets/import'),
  /** Registers the caller's P-256 user-signer public key for this session. */
  userSigners: post<RegisterUserSignerBody, RegisterUserSignerResponse>('/api/v1/wallets/user_signers'),
  /** The same route as delegationRoutes.rpc: a server-managed wallet id needs an authorization signature. */
  rpc: post<ServerWalletRpcBody, ServerWalletRpcResponse>('/api/v1/wallets/:wallet_id/rpc'),
  /** The app's server-managed wallets (app secret; `user_id`, `chain_type`, `cursor`, `limit` ≤ 100), or the caller's (session). */
  list: get<ServerWalletList>('/api/v1/wallets'),
  /** Signs a 32-byte hash on the wallet's curve; authorized like `rpc`. */
  rawSign: post<ServerWalletRawSignBody, ServerWalletRawSignResponse>('/api/v1/wallets/:wallet_id/raw_sign'),
  /** One server-managed wallet: its owner's session, or the app secret. */
  get: get<ServerWallet>('/api/v1/wallets/:wallet_id'),
  /** Sets the wallet's `additional_signers` (the app's session signers that may sign for it), signed by a user signer. */
  update: patch<UpdateServerWalletBody, ServerWallet>('/api/v1/wallets/:wallet_id'),
  /** The wallet's private key, HPKE-sealed to the caller's key inside the signer; the owner's session and signature only. */
  export: post<ServerWalletExportBody, ServerWalletExportResponse>('/api/v1/wallets/:wallet_id/export'),
} as const

/** The app setting `embedded_wallets.mode` (app config `embedded_wallet_config.mode`). */
export type EmbeddedWalletsMode = 'legacy-embedded-wallets-only' | 'user-controlled-server-wallets-only'
export const embeddedWalletsModes = ['legacy-embedded-wallets-only', 'user-controlled-server-wallets-only'] as const satisfies readonly EmbeddedWalletsMode[]

/** Server-managed wallets' recovery method: the key never leaves the server, so there is nothing to recover on a device. */
export const SERVER_WALLET_RECOVERY_METHOD = 'privy-v2'

/**
 * `owner_id` absent: the caller (session). With the app secret it names any user of the app. `wallet_index` (a
 * Tessera extension, default 0): the wallet at that index, answered if it exists, else created when it is the next one.
 */
export interface CreateServerWalletBody {
  chain_type: EmbeddedChainType
  owner_id?: string
  wallet_index?: number
}

/**
 * `private_key`: ethereum, 0x + 64 hex; solana, the base58 64-byte secret key (seed ‖ public key) or the base58
 * 32-byte seed. The key goes to the signer and nowhere else.
 */
export interface ImportServerWalletBody {
  chain_type: EmbeddedChainType
  private_key: string
}

/** An app session signer's id (app setting `embedded_wallets.session_signers[].id`), in the reference's cuid2 alphabet. */
export const SESSION_SIGNER_ID = /^[a-z0-9]{2,32}$/

/** `override_policy_ids`: the reference's per-signer policies; Tessera has no policy engine, so only an empty list is accepted. */
export interface AdditionalSigner {
  signer_id: string
  override_policy_ids?: string[]
}

/** `PATCH /wallets/:wallet_id`: the whole new list (an empty one removes every session signer). */
export interface UpdateServerWalletBody {
  additional_signers: AdditionalSigner[]
}

/** The wallet API's wallet (the reference's `WalletResponse` fields, plus the index and recovery method of a linked account). */
export interface ServerWallet {
  id: string
  address: string
  chain_type: EmbeddedChainType
  wallet_index: number
  recovery_method: typeof SERVER_WALLET_RECOVERY_METHOD
  imported: boolean
  /** Unix milliseconds. */
  created_at: number
  /** Unix milliseconds of the import, or null for a created wallet. */
  imported_at: number | null
  /** Unix milliseconds of the last export, or null if never exported. */
  exported_at: number | null
  policy_ids: []
  /** The app's session signers that may sign for this wallet (with the app secret). */
  additional_signers: AdditionalSigner[]
  /** The reference's owning key quorum; a Tessera wallet's owner is its user (their user signers). */
  owner_id: null
}

/**
 * `POST /wallets/:wallet_id/export` (the reference's wallet export): HPKE base mode with DHKEM(P-256, HKDF-SHA256),
 * HKDF-SHA256 and ChaCha20-Poly1305. `recipient_public_key` is base64 of the P-256 public key's SPKI DER.
 */
export const SERVER_WALLET_EXPORT_ENCRYPTION = 'HPKE'
export interface ServerWalletExportBody {
  encryption_type: typeof SERVER_WALLET_EXPORT_ENCRYPTION
  recipient_public_key: string
}
/**
 * Both base64. The plaintext is the key as the export screen shows it, UTF-8: Ethereum `0x` + 64 hex; Solana base58
 * of the 64-byte secret key (seed ‖ public key).
 */
export interface ServerWalletExportResponse {
  encryption_type: typeof SERVER_WALLET_EXPORT_ENCRYPTION
  ciphertext: string
  encapsulated_key: string
}

export interface ServerWalletRawSignBody {
  params: { hash: `0x${string}` }
}
/** Ethereum: the 65-byte secp256k1 signature r‖s‖v; Solana: the 64-byte Ed25519 signature; both 0x hex. */
export interface ServerWalletRawSignResponse {
  data: { signature: `0x${string}`; encoding: 'hex' }
}

/** A page of `GET /wallets`, oldest first; `next_cursor` (the last wallet's id) asks for the next page, null at the end. */
export interface ServerWalletList {
  data: ServerWallet[]
  next_cursor: string | null
}

/** `public_key`: base64 of the SPKI DER of a P-256 (ECDSA) public key, as WebCrypto's `exportKey('spki')` gives it. */
export interface RegisterUserSignerBody {
  public_key: string
}
/** Unix milliseconds: the signer stops authorizing then (the session's refresh lifetime, or sooner). */
export interface RegisterUserSignerResponse {
  expires_at: number
}

/** A transaction to send: the server fills what is missing (nonce, gas, fees, chain id from `caip2`) from the chain. */
export type SendTransactionInput = Partial<Omit<WalletRpcTransaction, 'chain_id'>> & { chain_id?: WalletRpcQuantity }

/** Methods only a server-managed wallet has: sends (the server reaches the chain), Solana transactions and EIP-7702. */
export type ServerWalletRpcBody =
  | WalletRpcBody
  | { method: 'eth_sendTransaction'; chain_type?: 'ethereum'; caip2: EthereumCaip2; sponsor?: boolean; params: { transaction: SendTransactionInput } }
  | {
      method: 'eth_sign7702Authorization'
      chain_type?: 'ethereum'
      params: { contract: `0x${string}`; chain_id: WalletRpcQuantity; nonce?: WalletRpcQuantity }
    }
  | { method: 'signTransaction'; chain_type?: 'solana'; params: { transaction: string; encoding: 'base64' } }
  | { method: 'signAndSendTransaction'; chain_type?: 'solana'; caip2: SolanaCaip2; sponsor?: boolean; params: { transaction: string; encoding: 'base64' } }

export interface SignedAuthorization7702 {
  contract: `0x${string}`
  chain_id: number
  nonce: number
  r: `0x${string}`
  s: `0x${string}`
  y_parity: number
}

export type ServerWalletRpcResponse =
  | WalletRpcResponse
  | { method: 'eth_sendTransaction'; data: { hash: `0x${string}`; caip2: EthereumCaip2 } }
  | { method: 'eth_sign7702Authorization'; data: { authorization: SignedAuthorization7702 } }
  | { method: 'signTransaction'; data: { signed_transaction: string; encoding: 'base64' } }
  | { method: 'signAndSendTransaction'; data: { hash: string; caip2: SolanaCaip2 } }

/** `invalid_credentials` messages of the authorization-signature check (401). */
export const authorizationSignatureMessages = {
  missing: 'Missing authorization signature',
  invalid: 'Invalid authorization signature',
  expired: 'Authorization signature expired',
  used: 'Authorization signature already used',
  /** A request signed without `privy-request-expiry` (the reference clients') is taken only within the signer's own session. */
  sessionRequired: 'A request without privy-request-expiry needs the access token of the session its signer was registered for',
} as const

/** Sponsored sends before gas sponsorship exists for the app (feature_not_enabled). */
export const SPONSORSHIP_NOT_ENABLED_MESSAGE = 'Gas sponsorship is not enabled for this app'
