/**
 * Funding's analytics (funding spec, "The calls it makes"): `sdk_fiat_on_ramp_started` when a card or exchange flow opens, and one
 * completion event, `sdk_fiat_on_ramp_completed_with_status`, whose `provider` names the way the funds came:
 * 'coinbase-onramp', 'moonpay', 'external' (another wallet) or 'manual' (received).
 */
import type { SessionContext } from './session-context.js'

export const ON_RAMP_STARTED_EVENT = 'sdk_fiat_on_ramp_started'
export const FUNDING_COMPLETED_EVENT = 'sdk_fiat_on_ramp_completed_with_status'

export type FundingProviderName = 'coinbase-onramp' | 'moonpay' | 'external' | 'manual'

/** Where the session funds: the chain id for Ethereum, the cluster's name for Solana. */
export function destinationOf(ctx: SessionContext): { chainType: 'ethereum' | 'solana'; chainId: number | string } {
  const { place } = ctx.resolved
  return place.chainType === 'ethereum' ? { chainType: 'ethereum', chainId: place.chain.id } : { chainType: 'solana', chainId: place.cluster.name }
}

export function reportOnRampStarted(ctx: SessionContext, provider: 'coinbase-onramp' | 'moonpay'): void {
  ctx.deps.analytics(ON_RAMP_STARTED_EVENT, { provider, value: ctx.get().amount, ...destinationOf(ctx) })
}

export function reportFundingCompleted(ctx: SessionContext, provider: FundingProviderName, payload: Record<string, unknown>): void {
  ctx.deps.analytics(FUNDING_COMPLETED_EVENT, { provider, ...payload })
}
