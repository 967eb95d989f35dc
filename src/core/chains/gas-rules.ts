/** The gas rules of the sign-in spec, "Business constants and limits", for the built-in chains: fees the embedded Ethereum provider fills in. */

/** Chains that only take type-0 (legacy) transactions: BNB Smart Chain and its testnet, Oasis Sapphire and its testnet. */
const legacyOnlyChainIds = new Set([56, 97, 23294, 23295])
const arbitrumChainIds = new Set([42161, 421614])
/** OP-stack chains: OP, Base, Zora, Redstone, Garnet, Blast and their testnets. */
const opStackChainIds = new Set([10, 11155420, 8453, 84532, 7777777, 999, 999999999, 690, 17069, 81457, 168587773])

export type GasRule = 'legacy-only' | 'arbitrum' | 'op-stack' | 'default'

export function gasRuleFor(chainId: number): GasRule {
  if (legacyOnlyChainIds.has(chainId)) return 'legacy-only'
  if (arbitrumChainIds.has(chainId)) return 'arbitrum'
  if (opStackChainIds.has(chainId)) return 'op-stack'
  return 'default'
}

export interface FeeInputs {
  /** The latest block's base fee; null on a chain without EIP-1559. */
  baseFeePerGas: bigint | null
  maxPriorityFeePerGas: bigint
}
export type Eip1559Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** Arbitrum: base fee ×1.2 with no tip; OP stack: base fee ×1.26 plus the tip; others: base fee ×1.2 plus the tip (viem's default). */
export function eip1559Fees(chainId: number, { baseFeePerGas, maxPriorityFeePerGas }: FeeInputs & { baseFeePerGas: bigint }): Eip1559Fees {
  const rule = gasRuleFor(chainId)
  if (rule === 'arbitrum') return { maxFeePerGas: (baseFeePerGas * 120n) / 100n, maxPriorityFeePerGas: 0n }
  const multiplier = rule === 'op-stack' ? 126n : 120n
  return { maxFeePerGas: (baseFeePerGas * multiplier) / 100n + maxPriorityFeePerGas, maxPriorityFeePerGas }
}
