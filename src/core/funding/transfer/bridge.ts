/**
 * Bridged funding (funding spec, "Screens and routes" to "Validation rules"): the chains where the paying wallet holds its native currency, a quote through
 * the server for the exact amount to deliver (EXPECTED_OUTPUT, in the destination's smallest units), the quote's
 * first step sent by the paying wallet, then the bridge's status every second while it is pending, waiting or
 * delayed. The bridge's chain id for Solana and its native currencies come from the wire contract.
 */
import {
  BRIDGE_NATIVE_CURRENCY,
  BRIDGE_SOLANA_CHAIN_ID,
  BRIDGE_SOLANA_NATIVE_CURRENCY,
  type BridgeEvmStepData,
  type BridgeQuoteBody,
  type BridgeQuoteResponse,
  type BridgeStatusResponse,
} from '../../../protocol/funding.js'
import type { Chain } from '../../chains/chain.js'
import { resolveChains } from '../../chains/resolve-chains.js'
import { resolveSolanaClusters } from '../../chains/solana-clusters.js'
import { bridgeQuotesError, notEnoughFundsError } from '../../errors/funding-errors.js'
import type { AssetAmount } from '../../transactions/types.js'
import { readBalance } from '../balances.js'
import { amountOf } from '../receive.js'
import { nativeAsset } from '../resolve-funding.js'
import type { PayingWallet, SessionContext } from '../session-context.js'
import type { FundingSourceChain } from '../types.js'
import { SOL_ASSET, type PreparedTransfer } from './direct-transfer.js'
import { waitForReceipt } from './settle.js'

/** A source chain whose RPC does not answer in time is left out. */
export const SOURCE_BALANCE_TIMEOUT_MS = 5_000
const BRIDGE_PENDING_STATUSES: readonly string[] = ['pending', 'waiting', 'delayed']

/** The Solana source: the app's default cluster (its first). */
const solanaSource = (ctx: SessionContext) => resolveSolanaClusters(ctx.deps.getConfig().solanaClusters)[0]!

/**
 * EVM sources: the chains the host lists, else the app's own chains when it has any (not every built-in chain's
 * public RPC), else the built-in ones; with the destination's testnet-ness (funding spec, "Validation rules"), the destination excluded.
 */
function evmSources(ctx: SessionContext): Chain[] {
  const { place, testnet } = ctx.resolved
  const config = ctx.deps.getConfig()
  const own = config.appChains.map((chain) => chain.id)
  return resolveChains(config).filter(
    (chain) =>
      (config.supportedChains || !own.length || own.includes(chain.id)) &&
      chain.testnet === testnet &&
      !(place.chainType === 'ethereum' && chain.id === place.chain.id),
  )
}

const withTimeout = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The chain did not answer in time')), SOURCE_BALANCE_TIMEOUT_MS))])

export async function loadSourceChains(ctx: SessionContext, payer: PayingWallet): Promise<FundingSourceChain[]> {
  if (payer.chain === 'solana') {
    const cluster = solanaSource(ctx)
    if (cluster.name !== 'mainnet-beta') console.warn(`[tessera] Bridging from the Solana ${cluster.name} is not supported by the bridge service`)
    const lamports = await readBalance({ chainType: 'solana', cluster }, SOL_ASSET, payer.address, ctx.deps.fetch)
    return lamports > 0n ? [{ chainId: BRIDGE_SOLANA_CHAIN_ID, name: 'Solana', balance: amountOf(lamports, SOL_ASSET, null) }] : []
  }
  const readings = await Promise.allSettled(
    evmSources(ctx).map(async (chain): Promise<FundingSourceChain> => {
      const value = await withTimeout(readBalance({ chainType: 'ethereum', chain }, { kind: 'native', address: null }, payer.address, ctx.deps.fetch))
      return { chainId: chain.id, name: chain.name, balance: amountOf(value, nativeAsset(chain), null) }
    }),
  )
  return readings.flatMap((reading) => (reading.status === 'fulfilled' && reading.value.balance.value > 0n ? [reading.value] : []))
}

/** Where the bridge delivers: the destination chain (Solana's bridge id) and currency (native, or the token). */
function destinationOf(ctx: SessionContext): Pick<BridgeQuoteBody, 'destinationChainId' | 'destinationCurrency'> {
  const { place } = ctx.resolved
  const asset = ctx.get().asset!
  if (place.chainType === 'solana') return { destinationChainId: BRIDGE_SOLANA_CHAIN_ID, destinationCurrency: asset.address ?? BRIDGE_SOLANA_NATIVE_CURRENCY }
  return { destinationChainId: place.chain.id, destinationCurrency: asset.address ?? BRIDGE_NATIVE_CURRENCY }
}

/** One of the quote's amounts (`details.currencyIn`, `fees.gas`), as the bridge spells them. */
function quotedAmount(entry: unknown): AssetAmount | null {
  const quoted = entry as { amount?: string; amountUsd?: string; currency?: { symbol?: string; decimals?: number } } | undefined
  if (!quoted?.amount || !/^\d+$/.test(quoted.amount) || quoted.currency?.decimals === undefined) return null
  const usd = Number(quoted.amountUsd)
  return {
    value: BigInt(quoted.amount),
    decimals: quoted.currency.decimals,
    symbol: quoted.currency.symbol ?? '',
    usd: Number.isFinite(usd) && quoted.amountUsd ? usd : null,
  }
}

export async function quoteBridge(ctx: SessionContext, payer: PayingWallet, source: FundingSourceChain, amount: bigint): Promise<PreparedTransfer> {
  const body: BridgeQuoteBody = {
    tradeType: 'EXPECTED_OUTPUT',
    amount: amount.toString(),
    user: payer.address,
    recipient: ctx.resolved.address,
    originChainId: source.chainId,
    originCurrency: payer.chain === 'solana' ? BRIDGE_SOLANA_NATIVE_CURRENCY : BRIDGE_NATIVE_CURRENCY,
    ...destinationOf(ctx),
  }
  const quote = await ctx.deps.api.getBridgeQuote(body).catch((error: unknown) => {
    throw bridgeQuotesError(error instanceof Error ? error.message.split('\n')[0] : undefined)
  })
  const data = quote.steps[0]?.items[0]?.data
  if (!data) throw bridgeQuotesError(quote.message)
  const evm = 'to' in data ? data : null
  const total = quotedAmount(quote.details?.currencyIn) ?? (evm ? { ...source.balance, value: BigInt(evm.value), usd: null } : null)
  if (total && total.value > source.balance.value) throw notEnoughFundsError(payer.address)
  return {
    plan: { ...originTransaction(ctx, payer, data, quote), bridge: { requestId: quote.steps[0]!.requestId ?? null } },
    summary: { total: total ?? source.balance, to: ctx.resolved.address, network: source.name, estimatedFee: quotedAmount(quote.fees?.gas) },
  }
}

/** The step the paying wallet sends on the origin chain, and how to know it landed there. */
function originTransaction(
  ctx: SessionContext,
  payer: PayingWallet,
  data: BridgeQuoteResponse['steps'][number]['items'][number]['data'],
  quote: BridgeQuoteResponse,
) {
  const { receiptPollMs } = ctx.timing
  if (payer.chain === 'ethereum' && 'to' in data) {
    const step: BridgeEvmStepData = data
    const chain = resolveChains(ctx.deps.getConfig()).find((candidate) => candidate.id === step.chainId)
    if (!chain) throw bridgeQuotesError(`The quote pays on chain ${step.chainId}, which the app does not list`)
    return {
      send: async () => (await payer.sendTransaction({ to: step.to, value: BigInt(step.value), data: step.data, chainId: step.chainId })).hash,
      settle: (hash: string) => waitForReceipt(chain.rpcUrl, hash, receiptPollMs, ctx.deps.fetch),
    }
  }
  if (payer.chain === 'solana' && 'instructions' in data) {
    const cluster = solanaSource(ctx)
    return {
      send: async () => {
        const { bridgeStepTransaction } = await import('./solana-transfers.js')
        return (await payer.signAndSendTransaction(await bridgeStepTransaction(cluster.rpcUrl, payer.address, data), { cluster: cluster.name })).signature
      },
      // The wallet's send answers once the cluster confirmed it (or fails with its error).
      settle: async () => {},
    }
  }
  throw bridgeQuotesError(`The quote's step does not suit the paying wallet (${quote.steps[0]!.kind})`)
}

/** Polls the bridge while the request is pending, waiting or delayed; null when the step was left meanwhile. */
export async function waitForBridge(
  ctx: SessionContext,
  query: { requestId: string | null; hash: string },
  current: () => boolean,
): Promise<BridgeStatusResponse | null> {
  for (;;) {
    const answer = await ctx.deps.api.getBridgeStatus(query).catch((error: unknown) => void console.warn('[tessera] Bridge status failed', error))
    if (!current()) return null
    if (answer && !BRIDGE_PENDING_STATUSES.includes(answer.status)) return answer
    await new Promise((resolve) => setTimeout(resolve, ctx.timing.bridgePollMs))
  }
}
