import { z } from 'zod'
import { oauthAccountType, oauthProviders, type AppConfigDto, type OAuthProvider } from '../../../../src/protocol/index.js'
import { envName, fromEnv, fromFile, httpUrl, text, type SecretSources } from '../../apps/file-schema-parts.js'
import { redact, REDACTED } from '../../apps/redacted.js'
import type { AppRecord } from '../../apps/types.js'
import type { LoginMethodSettings } from '../login-method.js'

/** An OAuth client registered with a provider; every endpoint can be overridden (tests point them at a local provider). */
export interface OAuthProviderSettings {
  clientId: string
  clientSecret: string | null
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userInfoEndpoint?: string
  /** Expected `iss` of ID tokens and of the `iss` callback parameter (OIDC providers). */
  issuer?: string
  jwksUri?: string
  scopes?: string[]
  /** Sign in with Apple signs its client secret with this key. */
  apple?: { teamId: string; keyId: string; privateKeyPem: string }
}

declare module '../../apps/types.js' {
  interface AppRecord {
    /** Exact `redirect_to` values OAuth may return to; `http://localhost:*` style ports match any port. */
    oauthRedirectUrls: string[]
    oauthProviders: Partial<Record<OAuthProvider, OAuthProviderSettings>>
  }
}

/** Its settings' defaults, in the app's `settings` column (`apps/store.ts`); apps stored without them read these. */
export const oauthSettingDefaults: Pick<AppRecord, 'oauthRedirectUrls' | 'oauthProviders'> = { oauthRedirectUrls: [], oauthProviders: {} }

/** An OAuth redirect URL entry: an http(s) URL, or one with `:*` for any port (local development). */
export function isRedirectUrlEntry(value: string): boolean {
  const concrete = value.replace(/^(https?:\/\/[^/?#\s:]+):\*(?=[/?#]|$)/, '$1:1')
  return URL.canParse(concrete) && ['http:', 'https:'].includes(new URL(concrete).protocol)
}

const redirectUrl = z.string().max(2000).refine(isRedirectUrlEntry, 'must be an http(s) URL (a port may be *)')

const oauthProviderSchema = z.strictObject({
  client_id: text(),
  client_secret: text(4000).nullable().optional(),
  client_secret_env: envName.optional(),
  authorization_endpoint: httpUrl.optional(),
  token_endpoint: httpUrl.optional(),
  user_info_endpoint: httpUrl.optional(),
  issuer: text(2000).optional(),
  jwks_uri: httpUrl.optional(),
  scopes: z.array(text(200)).optional(),
  apple: z
    .strictObject({ team_id: text(), key_id: text(), private_key_pem: text(10_000).optional(), private_key_file: text(1000).optional() })
    .refine((apple) => (apple.private_key_pem === undefined) !== (apple.private_key_file === undefined), 'give one of private_key_pem or private_key_file')
    .optional(),
})
/** The providers' settings as the config file and the CLI's `--oauth-json` give them. */
export const oauthProvidersSchema = z.partialRecord(z.enum(oauthProviders), oauthProviderSchema)

export function oauthProvidersFromFile(file: z.infer<typeof oauthProvidersSchema>, sources: SecretSources): AppRecord['oauthProviders'] {
  return Object.fromEntries(
    Object.entries(file).map(([provider, p]) => {
      const settings: OAuthProviderSettings = {
        clientId: p.client_id,
        clientSecret: p.client_secret_env ? fromEnv(sources, p.client_secret_env) : (p.client_secret ?? null),
        ...(p.authorization_endpoint && { authorizationEndpoint: p.authorization_endpoint }),
        ...(p.token_endpoint && { tokenEndpoint: p.token_endpoint }),
        ...(p.user_info_endpoint && { userInfoEndpoint: p.user_info_endpoint }),
        ...(p.issuer && { issuer: p.issuer }),
        ...(p.jwks_uri && { jwksUri: p.jwks_uri }),
        ...(p.scopes && { scopes: p.scopes }),
        ...(p.apple && {
          apple: { teamId: p.apple.team_id, keyId: p.apple.key_id, privateKeyPem: p.apple.private_key_pem ?? fromFile(sources, p.apple.private_key_file!) },
        }),
      }
      return [provider, settings]
    }),
  )
}

const file = { oauth_redirect_urls: z.array(redirectUrl).optional(), oauth_providers: oauthProvidersSchema.optional() }

export const oauthSettings: LoginMethodSettings<typeof file> = {
  file,
  fromFile: (app, sources) => ({
    oauthRedirectUrls: app.oauth_redirect_urls,
    oauthProviders: app.oauth_providers && oauthProvidersFromFile(app.oauth_providers, sources),
  }),
}

/** In the app config: each provider's switch (`google_oauth`...). */
export const oauthAppConfig = (app: AppRecord): Partial<AppConfigDto> =>
  Object.fromEntries(oauthProviders.map((provider) => [oauthAccountType(provider), app.loginMethods.includes(provider)]))

/** The client secrets and Apple private keys masked. */
export const redactOAuth = (app: AppRecord): Partial<AppRecord> => ({
  oauthProviders: Object.fromEntries(
    Object.entries(app.oauthProviders).map(([provider, settings]) => [
      provider,
      {
        ...settings,
        clientSecret: redact(settings.clientSecret),
        ...(settings.apple && { apple: { ...settings.apple, privateKeyPem: REDACTED } }),
      },
    ]),
  ),
})
