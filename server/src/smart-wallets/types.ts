import type { SmartWalletType } from '../../../src/protocol/smart-wallets.js'

/** One chain of the app's smart wallets: where user operations go, who pays, and the RPC that checks their signatures. */
export interface SmartWalletNetworkSettings {
  chainId: number
  bundlerUrl: string
  /** Null: no paymaster, the account pays its own fees. */
  paymasterUrl: string | null
  /** Null: the app's chain settings (or wallet RPC URLs) for this chain. */
  rpcUrl: string | null
  chainName: string | null
  /** Null: document 3's sponsored defaults. */
  paymasterContext: Record<string, unknown> | null
}

/** The app's smart wallets (app config file `smart_wallets`): one account type and version on every configured chain. */
export interface SmartWalletSettings {
  type: SmartWalletType
  /** Null: the client's default version of the type. */
  version: string | null
  networks: SmartWalletNetworkSettings[]
}
