import { z } from 'zod'
import { BRIDGE_NATIVE_CURRENCY, BRIDGE_SOLANA_CHAIN_ID, BRIDGE_SOLANA_NATIVE_CURRENCY } from '../../../../src/protocol/funding.js'
import { walletAddress } from '../schemas.js'

const chainId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
/** The bridge's native currency of a chain (funding spec, "Entities and their fields": the zero address by default; Solana's system program). */
const nativeCurrencyOf = (chain: number) => (chain === BRIDGE_SOLANA_CHAIN_ID ? BRIDGE_SOLANA_NATIVE_CURRENCY : BRIDGE_NATIVE_CURRENCY)

/**
 * `POST /api/v1/funding/bridge/quote` (`BridgeQuoteBody`). Addresses are checked for their form only: one Relay
 * finds invalid for the chain comes back as its tolerated 'Invalid address' answer (funding spec, "Validation rules").
 */
export const bridgeQuoteBody = z
  .object({
    tradeType: z.literal('EXPECTED_OUTPUT'),
    amount: z.string().regex(/^[1-9]\d{0,77}$/, 'must be a positive whole amount in the smallest units'),
    user: walletAddress,
    recipient: walletAddress,
    originChainId: chainId,
    destinationChainId: chainId,
    originCurrency: walletAddress.optional(),
    destinationCurrency: walletAddress.optional(),
  })
  .transform((body) => ({
    ...body,
    originCurrency: body.originCurrency ?? nativeCurrencyOf(body.originChainId),
    destinationCurrency: body.destinationCurrency ?? nativeCurrencyOf(body.destinationChainId),
  }))
