import type { AppRecord, FundingSettings } from './types.js'

/** What `apps show` prints in place of a secret that is set. */
export const REDACTED = '********'
const redact = (value: string | null | undefined) => (value ? REDACTED : value ?? null)

/** The app with OAuth client secrets, Apple private keys, the Turnstile secret, the Telegram bot token and funding provider keys masked, for printing. */
export function redactSecrets(app: AppRecord): AppRecord {
  return {
    ...app,
    oauthProviders: Object.fromEntries(Object.entries(app.oauthProviders).map(([provider, settings]) => [provider, {
      ...settings,
      clientSecret: redact(settings.clientSecret),
      ...(settings.apple && { apple: { ...settings.apple, privateKeyPem: REDACTED } }),
    }])),
    captcha: app.captcha && { ...app.captcha, secretKey: redact(app.captcha.secretKey) },
    telegram: app.telegram && { ...app.telegram, botToken: REDACTED },
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
