/**
 * The summary of a Solana transaction for its confirmation (funding spec, "Screens and routes": "Solana transaction confirmation"): the
 * decoded instructions, the wallet's outgoing amount and first swap, the fee, the balance and whether it covers both
 * (only the lamports out when the app sponsors the fee).
 */
import { PublicKey, type Connection, type VersionedMessage } from '@solana/web3.js'
import type { SolanaCluster } from '../../config/types.js'
import type { AssetAmount, SolanaInstructionSummary, SolanaSwapInstruction, SolanaTransactionSummary } from '../types.js'
import { decodeSolanaInstructions, type SplTokenInfoLookup } from './decode-instructions.js'
import { lamportsAmount } from './lamports-amount.js'

/** The base fee per signature; the estimate falls back to it when the RPC cannot price the message (expired blockhash). */
const LAMPORTS_PER_SIGNATURE = 5000n

export interface SolanaPreparationContext {
  address: string
  cluster: SolanaCluster
  connection: Connection
  splTokenInfo: SplTokenInfoLookup
  /** The SOL price in USD; null when unknown (its failures are the caller's to swallow). */
  solUsd(): Promise<number | null>
}

/** `sponsored`: the app pays the fee ('Sponsored by {app}'), so only the lamports the wallet sends or funds must be in the balance. */
export async function prepareSolanaConfirmation(
  context: SolanaPreparationContext,
  message: VersionedMessage,
  sponsored = false,
): Promise<SolanaTransactionSummary> {
  const { address, connection } = context
  const [solUsd, fee, balance] = await Promise.all([
    context.solUsd(),
    connection.getFeeForMessage(message, 'confirmed').then(({ value }) => value),
    connection.getBalance(new PublicKey(address), 'confirmed'),
  ])
  const instructions = await decodeSolanaInstructions(message, { connection, splTokenInfo: context.splTokenInfo, solUsd })
  const estimatedFee = lamportsAmount(fee !== null ? BigInt(fee) : LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures), solUsd)
  const paysFee = !sponsored && message.staticAccountKeys[0]!.toBase58() === address
  const needed = lamportsOut(instructions, address) + (paysFee ? estimatedFee.value : 0n)
  const amount = outgoingAmount(instructions, address)
  const swap = instructions.find(
    (instruction): instruction is SolanaSwapInstruction =>
      (instruction.type === 'raydium-swap' || instruction.type === 'jupiter-swap') && instruction.authority === address,
  )
  return {
    instructions,
    ...(amount && { amount }),
    ...(swap && { swap: { in: swap.amountIn, out: swap.amountOut } }),
    network: context.cluster.name,
    estimatedFee,
    sponsored,
    balance: lamportsAmount(BigInt(balance), solUsd),
    insufficientFunds: needed > BigInt(balance),
    to: firstDestination(instructions),
  }
}

/** Lamports leaving the wallet: its transfers and the accounts it funds. */
export function lamportsOut(instructions: SolanaInstructionSummary[], address: string): bigint {
  let total = 0n
  for (const instruction of instructions) {
    if (instruction.type === 'sol-transfer' && instruction.from === address) total += instruction.amount.value
    if (instruction.type === 'create-account' && instruction.from === address) total += instruction.lamports.value
  }
  return total
}

/** The wallet's outgoing transfers summed, when they move one asset (SOL, or one mint); else none. */
function outgoingAmount(instructions: SolanaInstructionSummary[], address: string): AssetAmount | undefined {
  const outgoing = instructions.flatMap((instruction) =>
    instruction.type === 'sol-transfer' && instruction.from === address
      ? [{ asset: 'SOL', amount: instruction.amount }]
      : instruction.type === 'spl-transfer' && instruction.authority === address
        ? [{ asset: instruction.mint ?? instruction.from, amount: instruction.amount }]
        : [],
  )
  if (outgoing.length === 0 || outgoing.some((entry) => entry.asset !== outgoing[0]!.asset)) return undefined
  return outgoing
    .slice(1)
    .reduce<AssetAmount>(
      (sum, { amount }) => ({ ...sum, value: sum.value + amount.value, usd: sum.usd === null || amount.usd === null ? null : sum.usd + amount.usd }),
      outgoing[0]!.amount,
    )
}

function firstDestination(instructions: SolanaInstructionSummary[]): string | null {
  const transfer = instructions.find((instruction) => instruction.type === 'sol-transfer' || instruction.type === 'spl-transfer')
  return transfer && 'to' in transfer ? transfer.to : null
}
