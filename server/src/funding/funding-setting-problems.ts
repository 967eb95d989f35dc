import type { ChainSettings, FundingSettings } from '../apps/types.js'
import { cdpSigningKey } from './coinbase/cdp-key.js'

/** Funding settings that cannot work as given (the config file and the CLI refuse them). */
export function fundingSettingProblems(funding: FundingSettings, chains: ChainSettings[]): string[] {
  const problems: string[] = []
  if (funding.methods.length === 0) problems.push('funding needs at least one method (set funding to null to turn it off)')
  if (funding.methods.includes('coinbase-onramp') && !funding.coinbaseOnramp)
    problems.push('funding method coinbase-onramp is on but coinbase_onramp is not configured')
  if (funding.methods.includes('moonpay') && !funding.moonpay) problems.push('funding method moonpay is on but moonpay is not configured')
  if (funding.crossChainBridgingEnabled && !funding.bridge) problems.push('cross-chain bridging is on but no bridge is configured')
  if (funding.coinbaseOnramp && !cdpSigningKey(funding.coinbaseOnramp.apiKeySecret)) {
    problems.push('the Coinbase Onramp api_key_secret is neither an EC P-256 private key (PEM) nor a base64 Ed25519 key')
  }
  const evmChain = /^eip155:(\d+)$/.exec(funding.defaultRecommendedCurrency.chain)?.[1]
  // Without chains of its own the app uses the client's built-in table, which the server does not second-guess.
  if (evmChain && chains.length > 0 && !chains.some((chain) => chain.id === Number(evmChain))) {
    problems.push(`funding's default chain eip155:${evmChain} is not one of the app's chains`)
  }
  return problems
}
