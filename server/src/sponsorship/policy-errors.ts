import { SPONSORSHIP_NOT_ENABLED_MESSAGE } from '../../../src/protocol/wallet-api.js'
import { ApiError } from '../http/api-error.js'

/** A sponsorship the app's policy refuses: 403 `policy_violation`, the message naming the rule. */
export const policyViolation = (message: string) => new ApiError(403, 'policy_violation', message)

export const sponsorshipNotEnabled = () => new ApiError(403, 'feature_not_enabled', SPONSORSHIP_NOT_ENABLED_MESSAGE)

export const policyMessages = {
  chain: (chainId: number) => `Sponsorship policy: chain ${chainId} is not sponsored by this app`,
  contract: (address: string) => `Sponsorship policy: calls to ${address} are not sponsored by this app`,
  cluster: (name: string) => `Sponsorship policy: Solana ${name} is not sponsored by this app`,
  program: (id: string) => `Sponsorship policy: instructions of program ${id} are not sponsored by this app`,
  unreadableCalls: 'Sponsorship policy: the calls of this user operation could not be read, and this app sponsors only some contracts',
  dailyCap: 'Sponsorship policy: the daily sponsorship cap for this user is reached',
} as const
