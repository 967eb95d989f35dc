/**
 * The rows of an Ethereum confirmation (funding spec, "Screens and routes": "Ethereum transaction confirmation"): the transaction completed
 * for signing, its decoded action with the token's symbol and decimals read from the chain, the fee at the highest
 * price (gas × max fee), the wallet's balance, and USD values where the API knows a price.
 */
import type { Chain } from '../chains/chain.js'
import { decodeEthereumAction } from './decode-ethereum-action.js'
import { prepareEthereumTransaction, type Hex, type PreparedEthereumTransaction, type TransactionPreparationContext } from './prepare-ethereum-transaction.js'
import type { AssetAmount, EthereumAction, EthereumTransactionSummary } from './types.js'
import type { EthereumTransactionRequest } from '../wallets/embedded/types.js'

export interface EthereumConfirmationContext extends TransactionPreparationContext {
  /** The USD price of one whole token; null (or a rejection) when unknown. */
  tokenPriceUsd?(chainId: number, symbol: string): Promise<number | null>
}

/** An approval of at least 2^255 base units reads 'unlimited' (max uint256 and its common halves). */
const UNLIMITED_ALLOWANCE = 2n ** 255n

/** `sponsored`: the app pays the fee ('Sponsored by {app}'), so only the value must be in the balance. */
export async function prepareEthereumConfirmation(
  context: EthereumConfirmationContext,
  request: EthereumTransactionRequest,
  sponsored = false,
): Promise<{ prepared: PreparedEthereumTransaction; summary: EthereumTransactionSummary }> {
  const prepared = await prepareEthereumTransaction(context, request)
  const { transaction, on } = prepared
  const balance = await context.rpc<Hex>('eth_getBalance', [context.address, 'latest'], on).then(BigInt)
  const value = BigInt(transaction.value ?? 0)
  const fee = sponsored ? 0n : BigInt(transaction.gas) * BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? 0)
  const call = { to: transaction.to ?? null, value, data: transaction.data ?? null }
  const costs = { fee, sponsored, balance, needed: value + fee, nonce: transaction.nonce, gas: BigInt(transaction.gas), type: transaction.type }
  return { prepared, summary: await summarizeEthereumCall(context, on, call, costs) }
}

/** What a call costs the wallet: its transaction's (or its user operation's, for all of its calls). */
export interface EthereumCallCosts {
  /** The fee at the highest price; 0 when sponsored. */
  fee: bigint
  sponsored: boolean
  /** The wallet's native balance. */
  balance: bigint
  /** What the balance must cover: the value plus the fee (a batch: every call's value plus the operation's fee). */
  needed: bigint
  nonce: number
  gas: bigint
  type: EthereumTransactionSummary['request']['type']
}

/** The rows of one call: its decoded action (token symbol and decimals read from the chain), amounts, fee and balance. */
export async function summarizeEthereumCall(
  context: EthereumConfirmationContext,
  on: Chain,
  call: { to: string | null; value: bigint; data: Hex | null },
  costs: EthereumCallCosts,
): Promise<EthereumTransactionSummary> {
  const [action, nativeUsd] = await Promise.all([decodeEthereumAction(call.to, call.data), usdPrice(context, on.id, on.nativeCurrency.symbol)])
  const native = (value: bigint): AssetAmount => ({ value, ...on.nativeCurrency, usd: usdOf(value, on.nativeCurrency.decimals, nativeUsd) })
  return {
    action,
    ...(call.value > 0n && { send: native(call.value) }),
    ...(await actionRows(context, on, action, call.to)),
    network: on.name,
    estimatedFee: costs.sponsored ? null : native(costs.fee),
    sponsored: costs.sponsored,
    balance: native(costs.balance),
    insufficientFunds: costs.needed > costs.balance,
    request: { from: context.address, to: call.to, value: call.value, data: call.data, nonce: costs.nonce, gas: costs.gas, chainId: on.id, type: costs.type },
  }
}

/** Approval amount or Amount, Spender, To and Token address of each decoded call. */
async function actionRows(
  context: EthereumConfirmationContext,
  on: Chain,
  action: EthereumAction,
  to: string | null,
): Promise<Partial<EthereumTransactionSummary> & { to: string | null }> {
  switch (action.type) {
    case 'send':
    case 'contract-call':
      return { to }
    case 'approve': {
      const amount = action.amount >= UNLIMITED_ALLOWANCE ? 'unlimited' : await tokenAmount(context, on, action.token, action.amount)
      return { approvalAmount: amount, spender: action.spender, to, tokenAddress: action.token }
    }
    case 'transfer':
    case 'transferFrom':
      return { amount: await tokenAmount(context, on, action.token, action.amount), to: action.to, tokenAddress: action.token }
    case 'setApprovalForAll':
      return { spender: action.operator, to, tokenAddress: action.token }
    case 'mint':
      return { to: action.to ?? context.address, tokenAddress: action.token }
    default:
      return { to: action.to, tokenAddress: action.token }
  }
}

/** An ERC-20 amount with the token's symbol and decimals; a token that does not answer shows the raw amount. */
async function tokenAmount(context: EthereumConfirmationContext, on: Chain, token: string, value: bigint): Promise<AssetAmount> {
  const { decodeAbiParameters } = await import('viem')
  try {
    const [symbolResult, decimalsResult] = await Promise.all([
      context.rpc<Hex>('eth_call', [{ to: token, data: '0x95d89b41' }, 'latest'], on),
      context.rpc<Hex>('eth_call', [{ to: token, data: '0x313ce567' }, 'latest'], on),
    ])
    const [symbol] = decodeAbiParameters([{ type: 'string' }], symbolResult)
    const decimals = Number(BigInt(decimalsResult))
    return { value, symbol, decimals, usd: usdOf(value, decimals, await usdPrice(context, on.id, symbol)) }
  } catch {
    return { value, symbol: '', decimals: 0, usd: null }
  }
}

/** Price lookups are logged and swallowed (funding spec, "The error catalogue"). */
async function usdPrice(context: EthereumConfirmationContext, chainId: number, symbol: string): Promise<number | null> {
  try {
    return (await context.tokenPriceUsd?.(chainId, symbol)) ?? null
  } catch (error) {
    console.warn(`[tessera] Unable to fetch token price on chain id ${chainId}`, error)
    return null
  }
}

const usdOf = (value: bigint, decimals: number, price: number | null) => (price === null ? null : (Number(value) / 10 ** decimals) * price)
