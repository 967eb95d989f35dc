import type { AppRecord } from './types.js'

/** What `apps show` prints in place of a secret that is set. */
export const REDACTED = '********'
const redact = (value: string | null | undefined) => (value ? REDACTED : value ?? null)

/** The app with OAuth client secrets, Apple private keys and the Turnstile secret masked, for printing. */
export function redactSecrets(app: AppRecord): AppRecord {
  return {
    ...app,
    oauthProviders: Object.fromEntries(Object.entries(app.oauthProviders).map(([provider, settings]) => [provider, {
      ...settings,
      clientSecret: redact(settings.clientSecret),
      ...(settings.apple && { apple: { ...settings.apple, privateKeyPem: REDACTED } }),
    }])),
    captcha: app.captcha && { ...app.captcha, secretKey: redact(app.captcha.secretKey) },
  }
}
