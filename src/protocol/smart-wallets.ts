/**
 * Smart wallets (sign-in spec, "Entities and their fields" and "The calls it makes"; the funding spec's paymaster defaults): the app's smart-wallet config as
 * `GET /api/v1/apps/{app_id}/smart_wallets` answers it, in the reference public API's shape.
 */

/** The smart-account implementations Tessera builds (the reference lists biconomy and thirdweb too; not built here). */
export const smartWalletTypes = ['kernel', 'safe', 'light_account', 'coinbase_smart_wallet'] as const
export type SmartWalletType = (typeof smartWalletTypes)[number]

/** Chains with Coinbase smart-wallet support (sign-in spec, "The calls it makes"). */
export const COINBASE_SMART_WALLET_CHAIN_IDS = [1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56] as const

/** One chain the smart wallet works on: where its user operations go and who pays for them. */
export interface SmartWalletNetworkDto {
  /** `eip155:<id>`. */
  chain_id: string
  bundler_url: string
  /** An ERC-7677 paymaster; absent: the account pays its own fees. */
  paymaster_url?: string
  /** The chain's JSON-RPC (reads, deployment checks); absent: the client's chain table. */
  rpc_url?: string
  chain_name?: string
  /** Sent to the paymaster with every user operation; absent: the sponsored defaults below. */
  paymaster_context?: Record<string, unknown>
}

export type SmartWalletConfigDto =
  | { enabled: false }
  | { enabled: true; smart_wallet_type: SmartWalletType; smart_wallet_version?: string; configured_networks: SmartWalletNetworkDto[] }

/** The funding spec's sponsored paymaster defaults: mode SPONSORED, a 300 s expiry, gas limits calculated by the paymaster. */
export const DEFAULT_PAYMASTER_CONTEXT = { mode: 'SPONSORED', expiry: 300, calculateGasLimits: true } as const

/** One chain of the app's smart wallets as the server stores it and the client uses it. */
export interface SmartWalletNetwork {
  chainId: number
  bundlerUrl: string
  /** Null: no paymaster, the account pays its own fees. */
  paymasterUrl: string | null
  /** Null: the chain's RPC from the app's chain settings (server) or the client's chain table. */
  rpcUrl: string | null
  chainName: string | null
  /** Null: the sponsored defaults above. */
  paymasterContext: Record<string, unknown> | null
}

/** The app's smart wallets: one account type and version on every configured chain. */
export interface SmartWalletConfig {
  type: SmartWalletType
  /** Null: the client's default version of the type. */
  version: string | null
  networks: SmartWalletNetwork[]
}
