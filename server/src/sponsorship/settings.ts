/** How an app pays its users' fees (issue 17, the funding spec's paymaster defaults): the `gas_sponsorship` app setting. */

/** The EntryPoint a paymaster serves: 0.7, or 0.8 (the one EIP-7702 accounts such as Simple7702Account use). */
export const ENTRY_POINT_VERSIONS = ['0.7', '0.8'] as const
export type EntryPointVersion = (typeof ENTRY_POINT_VERSIONS)[number]

/** One chain's ERC-4337 infrastructure: the VerifyingPaymasters whose signer is the app's paymaster key, and the bundler. */
export interface SponsoredChainSettings {
  /**
   * Per EntryPoint version, at least one: the VerifyingPaymaster contract (eth-infinitism's sample) funded with a
   * deposit at that EntryPoint. Smart wallets (Safe, Kernel, LightAccount) use 0.7; server-managed wallets' sends 0.8.
   */
  paymasters: Partial<Record<EntryPointVersion, `0x${string}`>>
  /** The ERC-4337 bundler (eth_sendUserOperation) for this chain, serving each EntryPoint it has a paymaster for. */
  bundlerUrl: string
  /** EntryPoint 0.8 chains: the Simple7702Account server-managed wallets delegate to; absent: viem's canonical address. */
  simple7702AccountAddress?: `0x${string}`
}

/** Solana: the app's fee-payer account pays the fees of its users' server-managed wallets (no 4337 there). */
export interface SolanaSponsorshipSettings {
  /** The clusters the app pays on, by name ('devnet'); each must be one of the app's Solana clusters. */
  clusters: string[]
  /** Base58 program ids a sponsored instruction may call, or 'any'; the compute-budget program is always allowed. */
  allowedPrograms: string[] | 'any'
  /** Per user, per cluster and per UTC day, in lamports, as a decimal string. */
  dailyCapPerUserLamports: string
}

export interface GasSponsorshipSettings {
  enabled: boolean
  /** EIP-155 chain ids the app pays on; each needs an entry in `chains`. */
  allowedChainIds: number[]
  /** Lowercase addresses a sponsored call may go to, or 'any'. */
  allowedContracts: `0x${string}`[] | 'any'
  /** Per user, per chain and per UTC day, in the chain's smallest native unit (wei), as a decimal string. */
  dailyCapPerUserWei: string
  /** Per EIP-155 chain id ('31337'...). */
  chains: Record<string, SponsoredChainSettings>
  /** Absent: Solana sends are not sponsored. */
  solana?: SolanaSponsorshipSettings
}

/** The funding spec's sponsored paymaster defaults: mode SPONSORED, expiry 300 s, gas limits calculated. */
export const PAYMASTER_CONTEXT_DEFAULTS = { mode: 'SPONSORED', expiry: 300, calculateGasLimits: true } as const
