/**
 * A transfer from the paying wallet on the funded chain itself (funding spec, "Screens and routes" and "States and transitions": "External funding"): the native
 * currency, or the token by ERC-20 `transfer` / SPL TransferChecked, when the wallet holds the amount and the fee.
 * Null when it does not (a bridge may then pay it from elsewhere).
 */
import type { Chain } from '../../chains/chain.js'
import { notEnoughGasError } from '../../errors/funding-errors.js'
import type { SolanaCluster } from '../../config/types.js'
import type { FundingTransferState } from '../types.js'
import { callJsonRpc } from '../../wallets/embedded/json-rpc.js'
import { abiWord, readBalance, splTokenAccounts } from '../balances.js'
import { amountOf } from '../receive.js'
import { nativeAsset } from '../resolve-funding.js'
import type { PayingWallet, PlannedTransfer, SessionContext } from '../session-context.js'
import type { FundingAsset } from '../types.js'
import { waitForReceipt } from './settle.js'

export interface PreparedTransfer {
  plan: PlannedTransfer
  summary: NonNullable<FundingTransferState['summary']>
}

/** Solana's base fee per signature, in lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n
export const SOL_ASSET: FundingAsset = { kind: 'native', symbol: 'SOL', decimals: 9, address: null }

/** ERC-20 `transfer(to, amount)` (0xa9059cbb). */
export const erc20TransferData = (to: string, amount: bigint) => `0xa9059cbb${abiWord(to)}${abiWord(amount)}`

export async function prepareDirectTransfer(ctx: SessionContext, payer: PayingWallet, amount: bigint): Promise<PreparedTransfer | null> {
  const { place } = ctx.resolved
  const asset = ctx.get().asset!
  if (place.chainType === 'ethereum' && payer.chain === 'ethereum') return prepareEthereum(ctx, payer, place.chain, asset, amount)
  if (place.chainType === 'solana' && payer.chain === 'solana') return prepareSolana(ctx, payer, place.cluster, asset, amount)
  return null
}

export type EthereumPayer = Extract<PayingWallet, { chain: 'ethereum' }>
export type SolanaPayer = Extract<PayingWallet, { chain: 'solana' }>

async function prepareEthereum(ctx: SessionContext, payer: EthereumPayer, chain: Chain, asset: FundingAsset, amount: bigint): Promise<PreparedTransfer | null> {
  const from = payer.address
  const rpc = <T>(method: string, params: unknown[]) => callJsonRpc<T>(chain.rpcUrl, method, params, ctx.deps.fetch)
  const native = asset.kind === 'native'
  const request = native
    ? { to: ctx.resolved.address, value: amount }
    : { to: asset.address!, value: 0n, data: erc20TransferData(ctx.resolved.address, amount) }
  const [balance, tokens, gasPrice] = await Promise.all([
    rpc<string>('eth_getBalance', [from, 'latest']).then(BigInt),
    native ? amount : readBalance(ctx.resolved.place, asset, from, ctx.deps.fetch),
    rpc<string>('eth_gasPrice', []).then(BigInt),
  ])
  if (tokens < amount || balance < request.value) return null
  // A native send the wallet cannot cover fails its estimate: that is 'not enough' too.
  const gas = await rpc<string>('eth_estimateGas', [
    { from, to: request.to, value: `0x${request.value.toString(16)}`, ...('data' in request && { data: request.data }) },
  ]).then(BigInt, () => null)
  const fee = gas === null ? null : gas * gasPrice
  if (fee === null || balance < request.value + fee) {
    if (native) return null
    throw notEnoughGasError(from)
  }
  const nativeAmount = (value: bigint) => amountOf(value, nativeAsset(chain), native ? ctx.price : null)
  const { receiptPollMs } = ctx.timing
  return {
    plan: {
      send: async () => (await payer.sendTransaction({ ...request, chainId: chain.id })).hash,
      settle: (hash) => waitForReceipt(chain.rpcUrl, hash, receiptPollMs, ctx.deps.fetch),
      bridge: null,
    },
    summary: {
      total: native ? nativeAmount(amount + fee) : amountOf(amount, asset, ctx.price),
      to: ctx.resolved.address,
      network: chain.name,
      estimatedFee: nativeAmount(fee),
    },
  }
}

async function prepareSolana(
  ctx: SessionContext,
  payer: SolanaPayer,
  cluster: SolanaCluster,
  asset: FundingAsset,
  amount: bigint,
): Promise<PreparedTransfer | null> {
  const from = payer.address
  const solana = await import('./solana-transfers.js')
  const { place, address: to } = ctx.resolved
  const native = asset.kind === 'native'
  // A token goes from the payer's account that holds the most of it.
  const [lamports, source] = await Promise.all([
    readBalance(place, SOL_ASSET, from, ctx.deps.fetch),
    native
      ? null
      : splTokenAccounts(cluster.rpcUrl, from, asset.address!, ctx.deps.fetch).then((accounts) => accounts.sort((a, b) => (a.amount < b.amount ? 1 : -1))[0]),
  ])
  if (!native && (!source || source.amount < amount)) return null
  // A missing recipient token account is created in the same transaction, at the payer's cost (its rent).
  const create = !native && !(await solana.accountExists(cluster.rpcUrl, solana.associatedTokenAddress(to, asset.address!)))
  const rent = create ? BigInt(await callJsonRpc<number>(cluster.rpcUrl, 'getMinimumBalanceForRentExemption', [solana.TOKEN_ACCOUNT_SIZE], ctx.deps.fetch)) : 0n
  const fee = LAMPORTS_PER_SIGNATURE + rent
  if (native && lamports < amount + fee) return null
  if (lamports < fee) throw notEnoughGasError(from)
  const build = () =>
    native
      ? solana.solTransfer(cluster.rpcUrl, from, to, amount)
      : solana.splTransfer(cluster.rpcUrl, { from, source: source!.address, to, mint: asset.address!, amount, decimals: asset.decimals, create })
  const sol = (value: bigint) => amountOf(value, SOL_ASSET, native ? ctx.price : null)
  return {
    plan: {
      send: async () => (await payer.signAndSendTransaction(await build(), { cluster: cluster.name })).signature,
      // The wallet's send answers once the cluster confirmed it (or fails with its error).
      settle: async () => {},
      bridge: null,
    },
    summary: { total: native ? sol(amount + fee) : amountOf(amount, asset, ctx.price), to, network: cluster.name, estimatedFee: sol(fee) },
  }
}
