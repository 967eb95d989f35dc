import { loginMethodModules } from '../auth/login-methods.js'
import { redact, REDACTED } from './redacted.js'
import type { AppRecord, FundingSettings } from './types.js'

/** The app with each login method's secrets (`LoginMethodModule.redactSecrets`), the Turnstile secret, the app secret, RPC URLs and funding provider keys masked, for printing. */
export function redactSecrets(app: AppRecord): AppRecord {
  return {
    ...app,
    ...Object.assign({}, ...loginMethodModules.map((method) => method.redactSecrets?.(app))),
    captcha: app.captcha && { ...app.captcha, secretKey: redact(app.captcha.secretKey) },
    appSecretHash: redact(app.appSecretHash),
    // RPC providers put API keys in the path or query: only the origin is printed.
    walletRpcUrls: Object.fromEntries(Object.entries(app.walletRpcUrls).map(([chainId, url]) => [chainId, `${new URL(url).origin}/${REDACTED}`])),
    funding: app.funding && redactFunding(app.funding),
  }
}

function redactFunding(funding: FundingSettings): FundingSettings {
  const { coinbaseOnramp, moonpay, bridge } = funding
  return {
    ...funding,
    coinbaseOnramp: coinbaseOnramp && { ...coinbaseOnramp, apiKeySecret: REDACTED, webhookSecret: redact(coinbaseOnramp.webhookSecret) },
    moonpay: moonpay && {
      ...moonpay,
      secretKey: REDACTED,
      sandbox: moonpay.sandbox && { ...moonpay.sandbox, secretKey: REDACTED },
      webhookKey: redact(moonpay.webhookKey),
    },
    bridge: bridge && { ...bridge, apiKey: REDACTED },
  }
}
