/**
 * The wallet frame's message protocol (wallet spec, "The calls it makes"; docs/architecture.md "The wallet frame and how the host talks to it"): the host page posts `{id, event, data}` to
 * the frame served at `/apps/{app_id}/embedded-wallets?caid=…&client_id=…` and gets back `{id, data}` or
 * `{id, error: {type, message}}`, posted to its own origin only. Keys, mnemonics and shares never cross it.
 */
import type { UserDto } from './dto.js'
import type { SolanaCaip2 } from './caip2.js'

/** The frame's path on the API origin; the export frame (key export, funding spec) is `${path}/export`. */
export const WALLET_FRAME_PATH = '/apps/:app_id/embedded-wallets'
export const EXPORT_FRAME_PATH = '/apps/:app_id/embedded-wallets/export'

/**
 * The export frame's query (funding spec, "Screens and routes": "Key export" frame parameters). The access token never travels in the URL:
 * the frame asks its parent for it with `EXPORT_FRAME_TOKEN_REQUEST` and the parent answers `EXPORT_FRAME_TOKEN`.
 * Nothing else crosses: the key is shown and copied inside the frame only (docs/security.md #48).
 */
export const exportFrameQuery = {
  entropyId: 'entropy_id',
  entropyIdVerifier: 'entropy_id_verifier',
  hdWalletIndex: 'hd_wallet_index',
  chainType: 'chain_type',
  clientId: 'client_id',
  /** 'true' offers the seed phrase as well (HD wallets only). */
  phraseExport: 'phrase_export',
} as const
export const EXPORT_FRAME_TOKEN_REQUEST = 'privy:export:token-request'
export const EXPORT_FRAME_TOKEN = 'privy:export:token'
/** `mfaRequired`: the server refused for want of MFA; the parent answers with the user's MFA answer as well. */
export type ExportFrameMessage = { event: typeof EXPORT_FRAME_TOKEN_REQUEST; id: string; mfaRequired?: boolean }
export type ExportFrameParentMessage = { event: typeof EXPORT_FRAME_TOKEN; id: string; accessToken: string | null; mfa?: MfaSubmission }

/** The host polls with this until the frame answers it; the frame posts nothing unasked (a reference client could not match it). */
export const FRAME_READY_EVENT = 'privy:iframe:ready'

/** Every event the frame answers (wallet spec, "The calls it makes"); those not built yet answer `error` with 'Unsupported recovery action'-style copy. */
export const frameEvents = [
  FRAME_READY_EVENT,
  'user-signer:sign',
  'wallets:add',
  'import',
  'set-recovery',
  'connect',
  'recover',
  'rpc',
  'wallet:create',
  'solana-wallet:create',
  'mfa:verify',
  'mfa:init-enrollment',
  'mfa:submit-enrollment',
  'mfa:unenroll',
  'mfa:clear',
  'auth:unlink-passkey',
  'farcaster:init-signer',
  'farcaster:sign',
  'delegated-actions:consent',
] as const
export type FrameEvent = (typeof frameEvents)[number]

/** Wallet spec, "The error catalogue": "Error types". */
export const frameErrorTypes = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  // Tessera's own: key material needs a sign-in (or MFA) within the last 10 minutes (docs/security.md #61); the host signs in again.
  'reauthentication_required',
  // Tessera's own: a sponsored send the app's policy refuses, or the app has no sponsorship (the server's message says which).
  'policy_violation',
  'feature_not_enabled',
] as const
export type FrameErrorType = (typeof frameErrorTypes)[number]

/** Wallet spec, "Business constants and limits". */
export const FRAME_READY_POLL_MS = 150
export const FRAME_INIT_TIMEOUT_MS = 15_000
/** The frame's wait when a password wallet is being created. */
export const FRAME_PASSWORD_INIT_TIMEOUT_MS = 30_000
export const FRAME_DEFAULT_TIMEOUT_MS = 15_000
/** Create-wallet and recovery operations. */
export const FRAME_CREATE_TIMEOUT_MS = 60_000
export const FRAME_IMPORT_TIMEOUT_MS = 15_000
/** Default wallet RPC (signing) time-out. */
export const FRAME_RPC_TIMEOUT_MS = 120_000
/** How long the app may take to run user recovery when the device share is missing. */
export const USER_RECOVERY_TIMEOUT_MS = 120_000

/** Each event's time-out on the host side. */
export function frameTimeoutMs(event: FrameEvent): number {
  if (event === 'wallet:create' || event === 'solana-wallet:create' || event === 'recover' || event === 'set-recovery' || event === 'wallets:add')
    return FRAME_CREATE_TIMEOUT_MS
  if (event === 'import') return FRAME_IMPORT_TIMEOUT_MS
  if (event === 'rpc' || event === 'user-signer:sign' || event === 'farcaster:sign') return FRAME_RPC_TIMEOUT_MS
  return FRAME_DEFAULT_TIMEOUT_MS
}

export type EmbeddedChainType = 'ethereum' | 'solana'
/** `entropyId` is the share set's first address; the verifier names that address's chain. */
export type EntropyIdVerifier = 'ethereum-address-verifier' | 'solana-address-verifier'
export const entropyIdVerifierOf = (chainType: EmbeddedChainType): EntropyIdVerifier =>
  chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier'

/** Wallet spec, "Entities and their fields". `privy` is automatic (server-held recovery key: custodial); `user-passcode` is the password. */
export type RecoveryMethod = 'privy' | 'user-passcode' | 'google-drive' | 'icloud' | 'icloud-native' | 'recovery-encryption-key' | 'privy-v2'

/**
 * The user's answer to an MFA challenge, sent along with the operation that needs it (the reference's `withMfa`):
 * the frame verifies it with the server first and keeps the MFA token for later gated calls of that session.
 * `authenticatorResponse`: a WebAuthn assertion in the wire's snake_case (passkey-wire.ts).
 */
export type MfaSubmission =
  | { method: 'totp' | 'sms'; code: string }
  | { method: 'passkey'; authenticatorResponse: Record<string, unknown>; relyingParty?: string }

/** Every call carries the user's current access token: the frame talks to the API with it, never stores it. */
interface Authed {
  accessToken: string
  mfa?: MfaSubmission
}
/** Names one share set (an HD root) and so every wallet derived from it. */
interface ShareSetRef extends Authed {
  entropyId: string
  entropyIdVerifier: EntropyIdVerifier
}

export interface CreateWalletData extends Authed {
  recoveryMethod?: 'privy' | 'user-passcode' | 'google-drive'
  /** Required with `user-passcode`. */
  recoveryPassword?: string
  /** Required with `google-drive`: the user's Drive token, for writing the new recovery key. */
  recoveryAccessToken?: string
  /** Retries of one creation carry the same key (docs/security.md #56–#57). */
  idempotencyKey?: string
}
export interface AddWalletData extends ShareSetRef {
  chainType: EmbeddedChainType
  hdWalletIndex: number
}
/** `recoveryPassword`: password (user-passcode) recovery for the imported key's share set; default automatic. */
/** `mode`: 'tee' when the app's wallets are server-managed (the frame follows the app's setting either way). */
export interface ImportWalletData extends Authed {
  privateKey: string
  chainType: EmbeddedChainType
  mode: 'on-device' | 'tee'
  recoveryPassword?: string
}
export interface ConnectData extends ShareSetRef {}
/** `recoveryAccessToken`: the cloud provider's token (Google Drive app-data) for a cloud-recovered wallet. */
export interface RecoverData extends ShareSetRef {
  recoveryPassword?: string
  recoveryAccessToken?: string
}
export interface SetRecoveryData extends ShareSetRef {
  recoveryMethod: 'privy' | 'user-passcode' | 'google-drive'
  recoveryPassword?: string
  /** Required with 'google-drive': the frame writes the recovery key to the user's Drive app-data folder with it. */
  recoveryAccessToken?: string
  existingRecoveryMethod: RecoveryMethod
}

/** Ethereum methods the frame signs; every other method is the host's (read calls go to the chain's RPC). */
export type EthereumFrameRequest =
  | { method: 'personal_sign'; params: [message: `0x${string}`, address: string] }
  | { method: 'eth_signTypedData_v4'; params: [address: string, typedDataJson: string] }
  /** A complete transaction (nonce, gas, fees, chainId filled in by the host); the answer is the signed raw transaction. */
  | { method: 'eth_signTransaction'; params: [FrameTransactionRequest] }
  | { method: 'secp256k1_sign'; params: [hash: `0x${string}`] }
  /** Server-managed wallets only: the server sends the call as a sponsored user operation (the app pays); the answer is the hash. */
  | { method: 'eth_sendTransaction'; params: [FrameTransactionRequest]; sponsor: true }
export type SolanaFrameRequest =
  | { method: 'signMessage'; params: { message: string; encoding: 'base64' } }
  /**
   * Server-managed wallets only: the server puts the app's fee payer in the transaction's fee-payer place, signs it
   * with the wallet and the fee payer and sends it to the cluster `caip2` names; the answer's `signature` is the sent
   * transaction's (base58). `transaction`: the unsigned wire transaction, base64.
   */
  | { method: 'signAndSendTransaction'; params: { transaction: string; encoding: 'base64' }; caip2: SolanaCaip2; sponsor: true }

/** Hex quantities, as JSON-RPC carries them. */
export interface FrameTransactionRequest {
  type: 'legacy' | 'eip2930' | 'eip1559'
  chainId: number
  nonce: number
  to?: `0x${string}` | null
  value?: `0x${string}`
  data?: `0x${string}`
  gas: `0x${string}`
  gasPrice?: `0x${string}`
  maxFeePerGas?: `0x${string}`
  maxPriorityFeePerGas?: `0x${string}`
  accessList?: { address: `0x${string}`; storageKeys: `0x${string}`[] }[]
}

/** `walletId`: a server-managed (`privy-v2`) wallet's id: the frame has the server sign, authorized by the user signer. */
export type RpcData = ShareSetRef & { hdWalletIndex: number; walletId?: string } & (
    | { chainType: 'ethereum'; request: EthereumFrameRequest }
    | { chainType: 'solana'; request: SolanaFrameRequest }
  )

/** `message`: base64 of the bytes to sign (a canonical authorization payload); the answer is the user signer's signature. */
export interface UserSignerSignData extends Authed {
  message: string
}

export type MfaInitEnrollmentData = Authed & ({ method: 'totp' } | { method: 'sms'; phoneNumber: string })
/** TOTP answers the secret to show as a QR code and setup key; SMS has sent a code to the phone. */
export type MfaInitEnrollmentResult = { method: 'totp'; totpSecret: string; totpAuthUrl: string } | { method: 'sms' }
export type MfaSubmitEnrollmentData = Authed &
  (
    | { method: 'totp'; code: string }
    | { method: 'sms'; code: string; phoneNumber: string }
    | { method: 'passkey'; credentialIds: string[]; removeForLogin?: boolean }
  )
export type MfaUnenrollData = Authed & { method: 'sms' | 'totp' | 'passkey' }

/** The share set whose HD entropy the Farcaster signer key derives from (the user's primary Ethereum wallet's). */
export interface FarcasterSignerData extends ShareSetRef {}
/** `payload`: 0x hex of what to sign (a Farcaster message hash: 20 bytes of BLAKE3; 1..1024 bytes accepted). */
export interface FarcasterSignData extends ShareSetRef {
  payload: `0x${string}`
}

/**
 * Offline access for wallet `hdWalletIndex` of a share set (delegated wallets): the frame unlocks the set (MFA when
 * enrolled), proves the address is that wallet's, and hands its device share to the server, which seals it.
 */
export interface DelegateWalletData extends ShareSetRef {
  address: string
  chainType: EmbeddedChainType
  hdWalletIndex: number
}

/** What each event carries; events without an entry here are not built yet. */
export interface FrameRequestData {
  [FRAME_READY_EVENT]: Record<string, never>
  'wallet:create': CreateWalletData
  'solana-wallet:create': CreateWalletData
  'wallets:add': AddWalletData
  import: ImportWalletData
  connect: ConnectData
  recover: RecoverData
  'set-recovery': SetRecoveryData
  rpc: RpcData
  'user-signer:sign': UserSignerSignData
  /** Verifies `mfa` (required here) and keeps the token: the explicit 'Verify your identity' step. */
  'mfa:verify': Authed & { mfa: MfaSubmission }
  'mfa:init-enrollment': MfaInitEnrollmentData
  'mfa:submit-enrollment': MfaSubmitEnrollmentData
  'mfa:unenroll': MfaUnenrollData
  /** Forgets the frame's MFA token (logout). */
  'mfa:clear': Record<string, never>
  'delegated-actions:consent': DelegateWalletData
  /** The Farcaster signer's ed25519 key, derived in the frame from the share set's HD entropy (imported keys have none). */
  'farcaster:init-signer': FarcasterSignerData
  'farcaster:sign': FarcasterSignData
}

/** The server's user after the change, so the host shows the new wallet without another call. */
export interface WalletChangeResult {
  user: UserDto
  address: string
  entropyId: string
  entropyIdVerifier: EntropyIdVerifier
}

export interface FrameResponseData {
  [FRAME_READY_EVENT]: Record<string, never>
  'wallet:create': WalletChangeResult
  'solana-wallet:create': WalletChangeResult
  'wallets:add': WalletChangeResult
  import: WalletChangeResult
  connect: { entropyId: string }
  recover: { entropyId: string }
  'set-recovery': { entropyId: string; user: UserDto }
  /** `data`: a hex signature or signed raw transaction (Ethereum), or `{ signature }` in base64 (Solana). */
  rpc: { method: string; data: string | { signature: string } }
  /** Base64 of the DER-encoded ECDSA P-256 signature. */
  'user-signer:sign': { signature: string }
  'mfa:verify': Record<string, never>
  'mfa:init-enrollment': MfaInitEnrollmentResult
  'mfa:submit-enrollment': { user: UserDto }
  'mfa:unenroll': { user: UserDto }
  'mfa:clear': Record<string, never>
  /** The user with the wallet now `delegated` (and its wallet `id`). */
  'delegated-actions:consent': { user: UserDto }
  /** 0x hex of the 32-byte ed25519 public key. */
  'farcaster:init-signer': { publicKey: `0x${string}` }
  /** 0x hex of the 64-byte ed25519 signature over `payload`. */
  'farcaster:sign': { signature: `0x${string}` }
}

export type FrameRequestEvent = keyof FrameRequestData
export interface FrameRequest<E extends FrameRequestEvent = FrameRequestEvent> {
  id: string
  event: E
  data: FrameRequestData[E]
}
export type FrameResponse<E extends FrameRequestEvent = FrameRequestEvent> =
  | { id: string; event?: E; data: FrameResponseData[E] }
  | { id: string; event?: E; error: { type: FrameErrorType; message: string } }

/** Structural check of a message the frame or the host receives: anything else is dropped unanswered. */
export function isFrameRequest(value: unknown): value is FrameRequest {
  if (typeof value !== 'object' || value === null) return false
  const { id, event, data } = value as Record<string, unknown>
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= 100 &&
    typeof event === 'string' &&
    (frameEvents as readonly string[]).includes(event) &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
  )
}

export function isFrameResponse(value: unknown): value is FrameResponse {
  if (typeof value !== 'object' || value === null) return false
  const { id, data, error } = value as Record<string, unknown>
  if (typeof id !== 'string') return false
  if (error !== undefined) {
    const { type, message } = (error ?? {}) as Record<string, unknown>
    return typeof type === 'string' && typeof message === 'string'
  }
  return data !== undefined
}
