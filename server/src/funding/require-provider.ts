import type { AppRecord, BridgeSettings, CoinbaseOnrampSettings, MoonpaySettings } from '../apps/types.js'
import { ApiError } from '../http/api-error.js'

const notEnabled = (what: string) => new ApiError(403, 'feature_not_enabled', `${what} is not enabled for this app`)

/** The app's Coinbase Onramp settings when the method is on; else 403 `feature_not_enabled`. */
export function requireCoinbaseOnramp(app: AppRecord): CoinbaseOnrampSettings {
  const settings = app.funding?.methods.includes('coinbase-onramp') ? app.funding.coinbaseOnramp : null
  if (!settings) throw notEnabled('Coinbase Onramp funding')
  return settings
}

export function requireMoonpay(app: AppRecord): MoonpaySettings {
  const settings = app.funding?.methods.includes('moonpay') ? app.funding.moonpay : null
  if (!settings) throw notEnabled('MoonPay funding')
  return settings
}

/** Bridging serves transfers from external wallets: the method, the setting and a bridge must all be there. */
export function requireBridge(app: AppRecord): BridgeSettings {
  const funding = app.funding
  const settings = funding?.methods.includes('external') && funding.crossChainBridgingEnabled ? funding.bridge : null
  if (!settings) throw notEnabled('Cross-chain bridging')
  return settings
}
