import type { FundingOutcome, FundingOutcomeDetail } from './types.js'

/** What hosts hear when a session ends (`fundsuccess`, `funduserexited`, `onUserExited`): the balance as a bigint. */
export const fundingOutcomeDetail = ({ address, chain, cluster, fundingMethod, balance }: FundingOutcome): FundingOutcomeDetail => ({
  address,
  ...(chain ? { chain } : {}),
  ...(cluster ? { cluster } : {}),
  fundingMethod,
  balance: balance?.value ?? null,
})
