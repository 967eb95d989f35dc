/**
 * The bridge stand-in's quotes, in Relay's terms: a request body (`user`, `recipient`, `originChainId`,
 * `destinationChainId`, `originCurrency`, `destinationCurrency`, `amount`, `tradeType`) validated as Relay does
 * (its error shape `{ message, errorCode }`, 'Invalid address ...' for an address the chain cannot use, an optional
 * `refundTo` on the origin chain), priced at
 * fixed dev prices with a relayer fee, and answered as Relay's quote (`steps[0]` the deposit, `fees`, `details`).
 */
import { formatUnits, zeroAddress } from 'viem'
import { DEV_USD_PRICES } from './catalog.js'
import { HttpAnswer } from './http.js'
import { isAddressOn, isEvmNetwork, type FundingAsset, type LocalNetwork } from './networks.js'

/** Relay's chain id for Solana. */
export const RELAY_SOLANA_CHAIN_ID = 792703809
/** Relay's currency id of Solana's native SOL: the system program. */
export const RELAY_SOLANA_NATIVE = '11111111111111111111111111111111'

/** Relay chain id → the local chain that plays it. */
export type RelayChains = Record<number, LocalNetwork>

export interface RelayLeg {
  chainId: number
  network: LocalNetwork
  asset: FundingAsset
  currency: string
  symbol: string
  decimals: number
  amount: bigint
}
export interface QuoteRequest {
  user: string
  recipient: string
  /** Where a refund goes on the origin chain (default: the deposit's sender). */
  refundTo?: string
  origin: RelayLeg
  destination: RelayLeg
  tradeType: string
}

export const relayError = (status: number, message: string, errorCode: string) => new HttpAnswer(status, { message, errorCode })

const TRADE_TYPES = ['EXACT_INPUT', 'EXACT_OUTPUT', 'EXPECTED_OUTPUT']
const PRICE_SCALE = 1_000_000

/** The currency id `currency` names on the chain (native or its USDC), or null when Relay would not know it there. */
function legCurrency(network: LocalNetwork, currency: string): Pick<RelayLeg, 'asset' | 'currency' | 'symbol' | 'decimals'> | null {
  const native = isEvmNetwork(network) ? zeroAddress : RELAY_SOLANA_NATIVE
  if (currency.toLowerCase() === native.toLowerCase())
    return { asset: 'native', currency: native, symbol: isEvmNetwork(network) ? 'ETH' : 'SOL', decimals: isEvmNetwork(network) ? 18 : 9 }
  const usdc = isEvmNetwork(network) ? network.usdcAddress : network.usdcMint
  if (usdc && currency.toLowerCase() === usdc.toLowerCase()) return { asset: 'USDC', currency: usdc, symbol: 'USDC', decimals: 6 }
  return null
}

function parseLeg(chains: RelayChains, chainId: unknown, currency: unknown, side: 'origin' | 'destination'): Omit<RelayLeg, 'amount'> {
  const network = typeof chainId === 'number' ? chains[chainId] : undefined
  if (!network) throw relayError(400, `Unsupported ${side} chain: ${String(chainId)}`, 'UNSUPPORTED_CHAIN')
  const native = isEvmNetwork(network) ? zeroAddress : RELAY_SOLANA_NATIVE
  const leg = legCurrency(network, currency === undefined ? native : String(currency))
  if (!leg) throw relayError(400, `Unsupported ${side} currency: ${String(currency)}`, 'UNSUPPORTED_CURRENCY')
  return { chainId: chainId as number, network, ...leg }
}

const scaledPrice = (symbol: string) => BigInt(Math.round((DEV_USD_PRICES[symbol] ?? 0) * PRICE_SCALE))
const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator

/** Input and output amounts at the dev prices, the relayer fee (`feeBps` of the input) paid by the sender. */
function price(origin: Omit<RelayLeg, 'amount'>, destination: Omit<RelayLeg, 'amount'>, amount: bigint, tradeType: string, feeBps: bigint) {
  const inPerOut = (out: bigint) =>
    ceilDiv(out * scaledPrice(destination.symbol) * 10n ** BigInt(origin.decimals), scaledPrice(origin.symbol) * 10n ** BigInt(destination.decimals))
  const outPerIn = (input: bigint) =>
    (input * scaledPrice(origin.symbol) * 10n ** BigInt(destination.decimals)) / (scaledPrice(destination.symbol) * 10n ** BigInt(origin.decimals))
  if (tradeType === 'EXACT_INPUT') {
    const fee = ceilDiv(amount * feeBps, 10_000n)
    return { amountIn: amount, amountOut: outPerIn(amount - fee), fee }
  }
  const beforeFee = inPerOut(amount)
  const fee = ceilDiv(beforeFee * feeBps, 10_000n)
  return { amountIn: beforeFee + fee, amountOut: amount, fee }
}

/** The quote a body asks for, or Relay's 400 answer explaining why not. */
export function parseQuoteRequest(chains: RelayChains, body: unknown, feeBps: bigint): QuoteRequest & { fee: bigint } {
  const input = (body ?? {}) as Record<string, unknown>
  const origin = parseLeg(chains, input.originChainId, input.originCurrency, 'origin')
  const destination = parseLeg(chains, input.destinationChainId, input.destinationCurrency, 'destination')
  const user = input.user
  const recipient = input.recipient ?? user
  if (typeof user !== 'string' || !isAddressOn(origin.network, user)) throw relayError(400, `Invalid address for user: ${String(user)}`, 'INVALID_ADDRESS')
  if (typeof recipient !== 'string' || !isAddressOn(destination.network, recipient))
    throw relayError(400, `Invalid address for recipient: ${String(recipient)}`, 'INVALID_ADDRESS')
  const refundTo = input.refundTo
  if (refundTo !== undefined && (typeof refundTo !== 'string' || !isAddressOn(origin.network, refundTo)))
    throw relayError(400, `Invalid address for refundTo: ${String(refundTo)}`, 'INVALID_ADDRESS')
  const tradeType = typeof input.tradeType === 'string' && TRADE_TYPES.includes(input.tradeType) ? input.tradeType : null
  if (!tradeType) throw relayError(400, 'tradeType must be EXACT_INPUT, EXACT_OUTPUT or EXPECTED_OUTPUT', 'INVALID_REQUEST')
  if (typeof input.amount !== 'string' || !/^[1-9]\d{0,40}$/.test(input.amount))
    throw relayError(400, 'amount must be a positive integer string', 'INVALID_AMOUNT')
  const { amountIn, amountOut, fee } = price(origin, destination, BigInt(input.amount), tradeType, feeBps)
  if (amountOut <= 0n) throw relayError(400, 'Amount too low to cover the fees', 'AMOUNT_TOO_LOW')
  return {
    user,
    recipient,
    ...(refundTo !== undefined && { refundTo }),
    tradeType,
    fee,
    origin: { ...origin, amount: amountIn },
    destination: { ...destination, amount: amountOut },
  }
}

const currencyJson = (leg: RelayLeg) => ({
  chainId: leg.chainId,
  address: leg.currency,
  symbol: leg.symbol,
  name: leg.symbol === 'USDC' ? 'USD Coin' : leg.symbol === 'SOL' ? 'Solana' : 'Ether',
  decimals: leg.decimals,
  metadata: { verified: true },
})
const usd = (amount: bigint, leg: RelayLeg) => (Number(formatUnits(amount, leg.decimals)) * (DEV_USD_PRICES[leg.symbol] ?? 0)).toFixed(6)
const amountJson = (leg: RelayLeg, amount: bigint) => ({
  currency: currencyJson(leg),
  amount: amount.toString(),
  amountFormatted: formatUnits(amount, leg.decimals),
  amountUsd: usd(amount, leg),
})

/** Relay's quote: one deposit step whose single item is `data`, the fees and the details. */
export function quoteResponse(quote: QuoteRequest & { fee: bigint }, requestId: string, data: unknown, statusPath: string) {
  const zero = amountJson(quote.origin, 0n)
  return {
    steps: [
      {
        id: 'deposit',
        action: 'Confirm transaction in your wallet',
        kind: 'transaction',
        requestId,
        description: `Depositing funds to the relayer to execute the swap for ${quote.destination.symbol}`,
        items: [{ status: 'incomplete', data, check: { endpoint: `${statusPath}?requestId=${requestId}`, method: 'GET' } }],
      },
    ],
    fees: { gas: zero, relayer: amountJson(quote.origin, quote.fee), relayerGas: zero, relayerService: amountJson(quote.origin, quote.fee), app: zero },
    details: {
      operation: quote.origin.chainId === quote.destination.chainId ? 'swap' : 'bridge',
      sender: quote.user,
      recipient: quote.recipient,
      currencyIn: amountJson(quote.origin, quote.origin.amount),
      currencyOut: amountJson(quote.destination, quote.destination.amount),
      totalImpact: { usd: `-${usd(quote.fee, quote.origin)}`, percent: '0' },
      rate: '1',
      timeEstimate: 2,
    },
  }
}
