/** An EVM chain as the client knows it (the 26 built-ins of document 1 §3, plus the app's own). */
export interface Chain {
  id: number
  name: string
  network: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Resolved RPC URL: client override, app config, then the public default (document 1 §3). */
  rpcUrl: string
  blockExplorerUrl: string | null
  testnet: boolean
}
