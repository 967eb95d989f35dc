import type { Address, Hex } from 'viem'
import type { AppRecord } from '../apps/types.js'
import { policyMessages, policyViolation, sponsorshipNotEnabled } from './policy-errors.js'
import type { GasSponsorshipSettings, SponsoredChainSettings } from './settings.js'

/** One call a sponsored operation makes; `null` calls: the account's calldata could not be decoded. */
export interface SponsoredCall {
  to: Address
  value: bigint
  data: Hex
}

export interface SponsoredRequest {
  chainId: number
  calls: SponsoredCall[] | null
}

/** The app's sponsorship settings, or 403 `feature_not_enabled`. */
export function requireGasSponsorship(app: AppRecord): GasSponsorshipSettings {
  if (!app.gasSponsorship?.enabled) throw sponsorshipNotEnabled()
  return app.gasSponsorship
}

/**
 * The per-request rules of the app's policy (the daily cap is the ledger's): the chain must be allowed and have its
 * paymaster, and every call must go to an allowed contract. Refusals are 403 `policy_violation` naming the rule.
 */
export function checkSponsorshipPolicy(settings: GasSponsorshipSettings, request: SponsoredRequest): SponsoredChainSettings {
  const chain = settings.chains[String(request.chainId)]
  if (!settings.allowedChainIds.includes(request.chainId) || !chain) throw policyViolation(policyMessages.chain(request.chainId))
  if (settings.allowedContracts === 'any') return chain
  if (!request.calls) throw policyViolation(policyMessages.unreadableCalls)
  const allowed = new Set(settings.allowedContracts.map((address) => address.toLowerCase()))
  const refused = request.calls.find((call) => !allowed.has(call.to.toLowerCase()))
  if (refused) throw policyViolation(policyMessages.contract(refused.to.toLowerCase()))
  return chain
}
