/** An EVM chain as the client knows it (the 26 built-ins of the sign-in spec, "Entities and their fields", plus the app's own). */
export interface Chain {
  id: number
  name: string
  network: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Resolved RPC URL: client override, app config, then the public default (sign-in spec, "Entities and their fields"). */
  rpcUrl: string
  blockExplorerUrl: string | null
  testnet: boolean
}
