/**
 * The embedded-wallet share endpoints the wallet frame calls (src/frame/README.md "Key custody"), all behind the owner's access token
 * (`Authorization: Bearer`). Only `recovery/key_material` is a path the spec shows; the rest are Tessera's own.
 * Kept out of routes.ts so the landing bundle never carries them. Shares travel base64-encoded.
 */
import { post } from './routes/route.js'
import type { UserDto } from './dto.js'
import type { EmbeddedChainType, EntropyIdVerifier } from './wallet-frame.js'

export const embeddedWalletRoutes = {
  /** Registers a new share set and its first wallet; idempotent per (user, chain, index 0) and per idempotency key. */
  create: post<CreateEmbeddedWalletBody, CreateEmbeddedWalletResponse>('/api/v1/embedded_wallets'),
  /** Another HD wallet (index > 0) on an existing share set, or one derived on device for an existing set. */
  add: post<AddEmbeddedWalletBody, AddEmbeddedWalletResponse>('/api/v1/embedded_wallets/add'),
  /** The auth share for a wallet whose device share is on the device (connect). */
  authShare: post<WalletShareQueryBody, AuthShareResponse>('/api/v1/embedded_wallets/:address/auth_share'),
  /** Auth share plus recovery material, for a device without its share (rate-limited per user and per IP). */
  keyMaterial: post<WalletShareQueryBody, KeyMaterialResponse>('/api/v1/embedded_wallets/:address/recovery/key_material'),
  /** The auth share (or the key material) for the export frame (funding spec, "Screens and routes": "Key export"): needs a sign-in within 10 minutes and MFA when enrolled. */
  exportShare: post<ExportShareBody, AuthShareResponse | KeyMaterialResponse>('/api/v1/embedded_wallets/:address/export'),
  /** A new share set version after recovery or a recovery-method change; retires the old auth share. */
  reshare: post<ReshareBody, ReshareResponse>('/api/v1/embedded_wallets/:address/reshare'),
} as const

/** How the recovery share is kept: sealed by the server's recovery key (automatic), or by the user's password in the frame. */
export type RecoveryShareInput =
  | { method: 'privy'; share: string }
  | { method: 'user-passcode'; sealed: SealedShare }
  | { method: 'google-drive'; sealed: KeySealedShare }

/**
 * Cloud recovery: AES-256-GCM under a random key that exists only in the user's cloud storage (the Drive app-data
 * file `key_file`), so neither the server nor its database can open the share (docs/security.md #44).
 */
export interface KeySealedShare {
  key_file: string
  iv: string
  ciphertext: string
}

/** Password sealing: scrypt (N, r, p) over the password and a per-wallet salt, then AES-256-GCM. */
export interface SealedShare {
  kdf: { name: 'scrypt'; n: number; r: number; p: number; salt: string }
  iv: string
  ciphertext: string
}

export interface CreateEmbeddedWalletBody {
  chain_type: EmbeddedChainType
  address: string
  entropy_id: string
  entropy_id_verifier: EntropyIdVerifier
  share_version: 1
  auth_share: string
  recovery: RecoveryShareInput
  imported?: boolean
  idempotency_key?: string
}
/** `created: false`: a wallet already existed at (user, chain, 0) and `address` is that wallet's; the caller's shares were not stored. */
export interface CreateEmbeddedWalletResponse {
  user: UserDto
  address: string
  entropy_id: string
  created: boolean
}

export interface AddEmbeddedWalletBody {
  chain_type: EmbeddedChainType
  address: string
  entropy_id: string
  wallet_index: number
}
/** The wallet at that index (an existing one when it was already registered). */
export interface AddEmbeddedWalletResponse {
  user: UserDto
  address: string
}

export interface WalletShareQueryBody {
  chain_type: EmbeddedChainType
}
/**
 * The export frame's request. `include_recovery`: this device's share is out of the frame's reach (the browser
 * refuses the export frame storage), so the answer is the key material instead (automatic recovery only).
 */
export interface ExportShareBody extends WalletShareQueryBody {
  include_recovery?: boolean
}
export interface AuthShareResponse {
  auth_share: string
  share_version: number
  entropy_id: string
  entropy_id_verifier: EntropyIdVerifier
}
export interface KeyMaterialResponse extends AuthShareResponse {
  recovery_method: 'privy' | 'user-passcode' | 'google-drive'
  /** Automatic recovery: the recovery share, unsealed by the server. */
  recovery_share?: string
  /** Password or cloud recovery: the sealed share; only the frame with the password, or the cloud key, opens it. */
  sealed_recovery_share?: SealedShare | KeySealedShare
}

export interface ReshareBody {
  chain_type: EmbeddedChainType
  /** The version the frame combined from; a stale one is refused (another device re-shared first). */
  previous_share_version: number
  auth_share: string
  recovery: RecoveryShareInput
}
export interface ReshareResponse {
  user: UserDto
  share_version: number
}
