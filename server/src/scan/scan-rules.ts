import type { Address } from 'viem'
import type { ScanResponseFeature, ScanValidation, ScanVerdict } from '../../../src/protocol/index.js'
import type { Approval, Transfer } from './read-movements.js'

/** docs/scanning.md's rules: reason code → verdict and description. The table there mirrors this one. */
export const SCAN_RULES = {
  deny_listed_address: { verdict: 'Malicious', description: 'The transaction sends assets to, approves or calls an address this app has blocked.' },
  unlimited_approval_to_eoa: { verdict: 'Malicious', description: 'The transaction gives an ordinary account unlimited access to your tokens.' },
  approval_for_all_to_eoa: { verdict: 'Malicious', description: 'The transaction gives an ordinary account access to your whole NFT collection.' },
  native_drain: { verdict: 'Malicious', description: 'The transaction sends almost all of your balance to an ordinary account.' },
  token_drain: { verdict: 'Malicious', description: 'The transaction sends your whole balance of a token to an ordinary account.' },
  unlimited_approval: { verdict: 'Warning', description: 'The transaction gives a contract unlimited access to your tokens.' },
  approval_for_all: { verdict: 'Warning', description: 'The transaction gives a contract access to your whole NFT collection.' },
  unverified_spender: { verdict: 'Warning', description: 'The transaction lets an unverified address spend your tokens.' },
  simulation_reverted: { verdict: 'Warning', description: 'The transaction fails when simulated and will likely fail if sent.' },
} as const satisfies Record<string, { verdict: ScanVerdict; description: string }>
export type ScanRuleCode = keyof typeof SCAN_RULES

/** At or above this an ERC-20 allowance counts as unlimited (wallets ask for 2^256 − 1, some for 2^255). */
export const UNLIMITED_ALLOWANCE = 2n ** 255n
/** Sending at least this share of the native balance (in percent) to an ordinary account drains the wallet. */
export const NATIVE_DRAIN_PERCENT = 95n

/** What the rules look at, gathered by the scanner from the simulation and the chain. Addresses lowercase. */
export interface ScanFacts {
  wallet: Address
  /** The called address (null: contract creation). */
  to: Address | null
  /** null: the simulation could not run; the rules that need it are skipped. */
  simulation: { reverted: boolean; transfers: Transfer[]; approvals: Approval[] } | null
  /** Whether an address holds code, for every address the movements name. */
  hasCode: (address: Address) => boolean
  nativeBalance: bigint
  /** ERC-20 balances of the wallet before the transaction, per token it sends. */
  tokenBalances: Map<Address, bigint | null>
  denyList: ReadonlySet<string>
  trustedSpenders: ReadonlySet<string>
}

const feature = (code: ScanRuleCode, address?: Address): ScanResponseFeature => ({
  type: SCAN_RULES[code].verdict,
  feature_id: code,
  description: SCAN_RULES[code].description,
  ...(address && { address }),
})

/** Every rule the transaction matches, one feature per rule and address. */
export function matchScanRules(facts: ScanFacts): ScanResponseFeature[] {
  const features: ScanResponseFeature[] = []
  const add = (code: ScanRuleCode, address?: Address) => {
    if (!features.some((f) => f.feature_id === code && f.address === address)) features.push(feature(code, address))
  }
  if (facts.to && facts.denyList.has(facts.to)) add('deny_listed_address', facts.to)
  const simulation = facts.simulation
  if (!simulation) return features
  if (simulation.reverted) add('simulation_reverted')

  const outgoing = simulation.transfers.filter((transfer) => transfer.from === facts.wallet && transfer.to !== facts.wallet)
  for (const transfer of outgoing) if (facts.denyList.has(transfer.to)) add('deny_listed_address', transfer.to)

  const granted = simulation.approvals.filter((approval) => approval.owner === facts.wallet && isGrant(approval))
  for (const approval of granted) {
    const spender = approval.spender
    if (facts.denyList.has(spender)) add('deny_listed_address', spender)
    if (facts.trustedSpenders.has(spender)) continue
    const unlimited = approval.amount !== undefined && approval.amount >= UNLIMITED_ALLOWANCE
    if (unlimited) add(facts.hasCode(spender) ? 'unlimited_approval' : 'unlimited_approval_to_eoa', spender)
    else if (approval.forAll) add(facts.hasCode(spender) ? 'approval_for_all' : 'approval_for_all_to_eoa', spender)
    else add('unverified_spender', spender)
  }

  const toAccounts = outgoing.filter((transfer) => !facts.hasCode(transfer.to))
  const nativeOut = toAccounts.filter((transfer) => transfer.asset.type === 'NATIVE').reduce((sum, transfer) => sum + transfer.amount, 0n)
  if (nativeOut > 0n && facts.nativeBalance > 0n && nativeOut * 100n >= facts.nativeBalance * NATIVE_DRAIN_PERCENT) add('native_drain')
  for (const [token, balance] of facts.tokenBalances) {
    const sent = toAccounts
      .filter((transfer) => transfer.asset.type === 'ERC20' && transfer.asset.address === token)
      .reduce((sum, transfer) => sum + transfer.amount, 0n)
    if (balance !== null && balance > 0n && sent >= balance) add('token_drain', token)
  }
  return features
}

/** A zero allowance, approval to the zero address or ApprovalForAll(false) takes access away: nothing to flag. */
export const isGrant = (approval: Approval) =>
  approval.spender !== '0x0000000000000000000000000000000000000000' && approval.forAll !== false && approval.amount !== 0n

const severity: Record<ScanVerdict, number> = { Benign: 0, Warning: 1, Malicious: 2 }

/** The verdict is the most severe feature's; Benign without any. */
export function validationOf(features: ScanResponseFeature[]): ScanValidation {
  const worst = features.reduce<ScanResponseFeature | null>((top, f) => (!top || severity[f.type] > severity[top.type] ? f : top), null)
  if (!worst) return { status: 'Success', result_type: 'Benign', reason: '', description: '', features: [] }
  return { status: 'Success', result_type: worst.type, reason: worst.feature_id, description: worst.description, features }
}
