/**
 * How the bridge stand-in's solver sees deposits, as a Relay solver does: on an EVM origin, the transactions of new
 * blocks sent to its deposit address with the request id as calldata (native), or ERC-20 transfers to it with the
 * request id appended; on Solana, the new signatures of its deposit account whose memo is the request id (a SOL
 * transfer to it, or an SPL transfer into its token account). Only successful transactions count.
 */
import { decodeFunctionData, type Address, type Hex } from 'viem'
import { PublicKey, type VersionedTransactionResponse } from '@solana/web3.js'
import { erc20Abi, evmReader } from './evm-payouts.js'
import type { EvmNetwork, FundingAsset, SolanaNetwork } from './networks.js'
import { MEMO_PROGRAM, TOKEN_PROGRAM, associatedTokenAddress, solanaConnection } from './solana-payouts.js'

export interface Deposit {
  requestId: string
  chainId: number
  txHash: string
  from: string
  amount: bigint
  asset: FundingAsset
  timestamp: number
}

export interface DepositWatcher {
  /** The deposits that landed since the last call. */
  poll(): Promise<Deposit[]>
  /** Forgets what landed until now (nothing is waiting for a deposit on this chain). */
  skipToNow(): Promise<void>
}

const REQUEST_ID = /^0x[0-9a-f]{64}$/

/** The request id and amount an EVM transaction deposits to `solver`, or null when it is not a deposit. */
function evmDeposit(
  network: EvmNetwork,
  solver: Address,
  transaction: { to: Address | null; input: Hex; value: bigint },
): { requestId: string; amount: bigint; asset: FundingAsset } | null {
  const to = transaction.to?.toLowerCase()
  const input = transaction.input.toLowerCase()
  if (to === solver.toLowerCase() && REQUEST_ID.test(input)) return { requestId: input, amount: transaction.value, asset: 'native' }
  if (!network.usdcAddress || to !== network.usdcAddress.toLowerCase() || input.length !== 2 + 8 + 64 * 3) return null
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: input.slice(0, -64) as Hex })
    if (functionName !== 'transfer' || args[0].toLowerCase() !== solver.toLowerCase()) return null
    return { requestId: `0x${input.slice(-64)}`, amount: args[1], asset: 'USDC' }
  } catch {
    return null
  }
}

export function evmDepositWatcher(chainId: number, network: EvmNetwork, solver: Address): DepositWatcher {
  const reader = evmReader(network.rpcUrl)
  let nextBlock: bigint | null = null
  return {
    async skipToNow() {
      nextBlock = (await reader.getBlockNumber()) + 1n
    },
    async poll() {
      const latest = await reader.getBlockNumber()
      const deposits: Deposit[] = []
      for (let number = nextBlock ?? latest; number <= latest; number++) {
        const block = await reader.getBlock({ blockNumber: number, includeTransactions: true })
        for (const transaction of block.transactions) {
          const deposit = evmDeposit(network, solver, transaction)
          if (!deposit || (await reader.getTransactionReceipt({ hash: transaction.hash })).status !== 'success') continue
          deposits.push({ ...deposit, chainId, txHash: transaction.hash, from: transaction.from, timestamp: Number(block.timestamp) })
        }
      }
      nextBlock = latest + 1n
      return deposits
    },
  }
}

/** The request id and amount a Solana transaction deposits to `solver` (memo + transfer), or null. */
function solanaDeposit(
  network: SolanaNetwork,
  solver: PublicKey,
  landed: VersionedTransactionResponse,
): { requestId: string; amount: bigint; asset: FundingAsset } | null {
  const { message } = landed.transaction
  const keys = message.staticAccountKeys
  const instructions = message.compiledInstructions
  const memo = instructions.find((instruction) => keys[instruction.programIdIndex]!.equals(MEMO_PROGRAM))
  const requestId = memo ? Buffer.from(memo.data).toString('utf8') : ''
  if (!REQUEST_ID.test(requestId) || keys[0]!.equals(solver) || landed.meta?.err) return null
  const solverIndex = keys.findIndex((key) => key.equals(solver))
  const received = solverIndex >= 0 && landed.meta ? BigInt(landed.meta.postBalances[solverIndex]! - landed.meta.preBalances[solverIndex]!) : 0n
  if (received > 0n) return { requestId, amount: received, asset: 'native' }
  if (!network.usdcMint) return null
  const solverTokens = associatedTokenAddress(solver, new PublicKey(network.usdcMint))
  // SPL Transfer (3): source, destination, owner; the amount is a u64 after the tag.
  const transfer = instructions.find(
    (instruction) =>
      keys[instruction.programIdIndex]!.equals(TOKEN_PROGRAM) && instruction.data[0] === 3 && keys[instruction.accountKeyIndexes[1]!]?.equals(solverTokens),
  )
  return transfer ? { requestId, amount: Buffer.from(transfer.data).readBigUInt64LE(1), asset: 'USDC' } : null
}

export function solanaDepositWatcher(chainId: number, network: SolanaNetwork, solverAddress: string): DepositWatcher {
  const connection = solanaConnection(network.rpcUrl)
  const solver = new PublicKey(solverAddress)
  // An SPL deposit names the solver's token account, not the solver: both are watched.
  const watched = network.usdcMint ? [solver, associatedTokenAddress(solver, new PublicKey(network.usdcMint))] : [solver]
  const seen = new Set<string>()
  async function fresh() {
    const lists = await Promise.all(watched.map((address) => connection.getSignaturesForAddress(address, { limit: 1000 })))
    const unseen = new Map(
      lists
        .flat()
        .filter((entry) => !seen.has(entry.signature))
        .map((entry) => [entry.signature, entry]),
    )
    return [...unseen.values()].sort((a, b) => b.slot - a.slot)
  }
  return {
    async skipToNow() {
      for (const entry of await fresh()) seen.add(entry.signature)
    },
    async poll() {
      const deposits: Deposit[] = []
      for (const entry of (await fresh()).reverse()) {
        seen.add(entry.signature)
        if (entry.err) continue
        const landed = await connection.getTransaction(entry.signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
        const deposit = landed && solanaDeposit(network, solver, landed)
        if (deposit)
          deposits.push({
            ...deposit,
            chainId,
            txHash: entry.signature,
            from: landed.transaction.message.staticAccountKeys[0]!.toBase58(),
            timestamp: entry.blockTime ?? 0,
          })
      }
      return deposits
    },
  }
}
