/**
 * Delegated wallets (offline access, wallet spec, "States and transitions" to "The error catalogue"): the user lets the app's backend sign with one embedded
 * wallet while they are offline. The wallet frame hands the server the device share (`delegate`, the user's session);
 * `revoke` ends every delegation of the user; the app's backend signs through `rpc` with HTTP Basic
 * `app_id:app_secret` and the `privy-app-id` header. Kept out of routes.ts so the landing bundle never carries it.
 */
import { post, type EmptyDto } from './routes/route.js'
import type { UserDto } from './dto.js'
import type { EmbeddedChainType } from './wallet-frame.js'

export const delegationRoutes = {
  delegate: post<DelegateWalletBody, DelegateWalletResponse>('/api/v1/wallets/delegate'),
  /** Empty body (wallet spec, "The calls it makes"). */
  revoke: post<EmptyDto, RevokeWalletsResponse>('/api/v1/wallets/revoke'),
  rpc: post<WalletRpcBody, WalletRpcResponse>('/api/v1/wallets/:wallet_id/rpc'),
} as const

/** Wallet spec, "Business constants and limits": the chains a wallet can be delegated on. */
export const delegationChainTypes = ['ethereum', 'solana'] as const satisfies readonly EmbeddedChainType[]

/** Sent by the wallet frame only: `device_share` is this device's share (base64), which the server seals at rest. */
export interface DelegateWalletBody {
  address: string
  chain_type: EmbeddedChainType
  device_share: string
}
export interface DelegateWalletResponse {
  user: UserDto
  wallet_id: string
}
export interface RevokeWalletsResponse {
  message: string
  user: UserDto
}

/** A quantity: a 0x hex string or a safe non-negative integer (the reference wallet API's form). */
export type WalletRpcQuantity = `0x${string}` | number

/** A complete transaction: with no chain access the server fills nothing in. `type` 0 legacy, 1 EIP-2930, 2 EIP-1559. */
export interface WalletRpcTransaction {
  from?: string
  to?: string
  chain_id: WalletRpcQuantity
  nonce: WalletRpcQuantity
  data?: `0x${string}`
  value?: WalletRpcQuantity
  type?: 0 | 1 | 2
  gas_limit: WalletRpcQuantity
  gas_price?: WalletRpcQuantity
  max_fee_per_gas?: WalletRpcQuantity
  max_priority_fee_per_gas?: WalletRpcQuantity
}

export interface WalletRpcTypedData {
  domain: Record<string, unknown>
  types: Record<string, { name: string; type: string }[]>
  message: Record<string, unknown>
  primary_type: string
}

/** The signing methods of the wallet spec, "The calls it makes", on `/wallets/{wallet_id}/rpc`. */
export type WalletRpcBody =
  | { method: 'personal_sign'; chain_type?: 'ethereum'; params: { message: string; encoding: 'utf-8' | 'hex' } }
  | { method: 'eth_signTransaction'; chain_type?: 'ethereum'; params: { transaction: WalletRpcTransaction } }
  | { method: 'eth_signTypedData_v4'; chain_type?: 'ethereum'; params: { typed_data: WalletRpcTypedData } }
  | { method: 'secp256k1_sign'; chain_type?: 'ethereum'; params: { hash: `0x${string}` } }
  | { method: 'signMessage'; chain_type?: 'solana'; params: { message: string; encoding: 'base64' } }

export type WalletRpcResponse =
  | { method: 'personal_sign' | 'eth_signTypedData_v4' | 'secp256k1_sign'; data: { signature: `0x${string}`; encoding: 'hex' } }
  | { method: 'eth_signTransaction'; data: { signed_transaction: `0x${string}`; encoding: 'rlp' } }
  | { method: 'signMessage'; data: { signature: string; encoding: 'base64' } }

/** Wallet spec, "The error catalogue": "Delegation". */
export const DELEGATION_NOT_OWNED_MESSAGE = 'Address to delegate is not associated with current user.'
export const DELEGATION_NO_ROOT_MESSAGE = 'Unable to determine root address for delegated address.'
