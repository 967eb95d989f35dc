import type { FundingOutcome } from '../../src/core/index.js'
import type { FundOutcomeDetail } from './types.js'

/** The event detail of a finished session (`fundsuccess`, `funduserexited`, the hooks' `onUserExited`). */
export const fundOutcomeDetail = ({ address, chain, cluster, fundingMethod, balance }: FundingOutcome): FundOutcomeDetail => ({
  address,
  ...(chain ? { chain } : {}),
  ...(cluster ? { cluster } : {}),
  fundingMethod,
  balance: balance?.value ?? null,
})
