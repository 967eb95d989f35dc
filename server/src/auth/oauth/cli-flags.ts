import { oauthProviders, type OAuthProvider } from '../../../../src/protocol/index.js'
import { httpUrl, listFlag, listWithAdditions, readFlagFile, textFlag, UsageError, type CliFlagValues } from '../../apps/cli-flag-parsing.js'
import type { AppInput, AppRecord } from '../../apps/types.js'
import type { LoginMethodCliFlags } from '../login-method.js'
import { isRedirectUrlEntry, oauthProvidersFromFile, oauthProvidersSchema, type OAuthProviderSettings } from './settings.js'

const options = { 'redirect-url': listFlag, 'add-redirect-url': listFlag, oauth: listFlag, 'oauth-json': textFlag } as const

const oauthKeys = [
  'client-id',
  'client-secret',
  'authorization-endpoint',
  'token-endpoint',
  'userinfo-endpoint',
  'issuer',
  'jwks-uri',
  'scopes',
  'apple-team-id',
  'apple-key-id',
  'apple-private-key-file',
] as const

function redirectUrl(value: string): string {
  if (!isRedirectUrlEntry(value)) throw new UsageError(`--redirect-url: '${value}' is not an http(s) URL (a port may be *)`)
  return value
}

/** Applies one `--oauth provider:key=value,...` to the providers' settings. */
function applyOAuthFlag(providers: AppRecord['oauthProviders'], spec: string, cwd: string): void {
  const colon = spec.indexOf(':')
  const provider = spec.slice(0, colon) as OAuthProvider
  if (colon < 0 || !oauthProviders.includes(provider))
    throw new UsageError(`--oauth '${spec}': start with a provider (${oauthProviders.join(', ')}) and a colon`)
  const rest = spec.slice(colon + 1)
  if (rest === 'off') {
    delete providers[provider]
    return
  }
  const settings: Partial<OAuthProviderSettings> = { clientSecret: null, ...providers[provider] }
  const apple: Partial<NonNullable<OAuthProviderSettings['apple']>> = { ...settings.apple }
  for (const pair of rest.split(',')) {
    const equals = pair.indexOf('=')
    const key = pair.slice(0, equals).trim() as (typeof oauthKeys)[number]
    const value = pair.slice(equals + 1).trim()
    if (equals < 0 || !oauthKeys.includes(key)) throw new UsageError(`--oauth ${provider}: unknown setting '${pair}' (keys: ${oauthKeys.join(', ')})`)
    const name = `oauth ${provider}:${key}`
    switch (key) {
      case 'client-id':
        settings.clientId = value
        break
      case 'client-secret':
        settings.clientSecret = value || null
        break
      case 'authorization-endpoint':
        settings.authorizationEndpoint = httpUrl(name, value)
        break
      case 'token-endpoint':
        settings.tokenEndpoint = httpUrl(name, value)
        break
      case 'userinfo-endpoint':
        settings.userInfoEndpoint = httpUrl(name, value)
        break
      case 'issuer':
        settings.issuer = value
        break
      case 'jwks-uri':
        settings.jwksUri = httpUrl(name, value)
        break
      case 'scopes':
        settings.scopes = value.split(/\s+/).filter(Boolean)
        break
      case 'apple-team-id':
        apple.teamId = value
        break
      case 'apple-key-id':
        apple.keyId = value
        break
      case 'apple-private-key-file':
        apple.privateKeyPem = readFlagFile(name, value, cwd)
        break
    }
  }
  if (Object.keys(apple).length > 0) {
    if (!apple.teamId || !apple.keyId || !apple.privateKeyPem)
      throw new UsageError(`--oauth ${provider}: apple-team-id, apple-key-id and apple-private-key-file go together`)
    settings.apple = apple as OAuthProviderSettings['apple']
  }
  if (!settings.clientId) throw new UsageError(`--oauth ${provider}: client-id is required`)
  providers[provider] = settings as OAuthProviderSettings
}

function oauthJson(value: string, cwd: string): AppRecord['oauthProviders'] {
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new UsageError('--oauth-json is not valid JSON')
  }
  const parsed = oauthProvidersSchema.safeParse(json)
  if (!parsed.success) throw new UsageError(`--oauth-json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  try {
    return oauthProvidersFromFile(parsed.data, { env: process.env, baseDir: cwd })
  } catch (error) {
    throw new UsageError(`--oauth-json: ${(error as Error).message}`)
  }
}

function oauthInput(values: CliFlagValues<typeof options>, current: AppRecord, cwd: string): AppInput['oauthProviders'] {
  if (!values.oauth && values['oauth-json'] === undefined) return undefined
  const providers = { ...current.oauthProviders }
  if (values['oauth-json'] !== undefined) Object.assign(providers, oauthJson(values['oauth-json'], cwd))
  for (const spec of values.oauth ?? []) applyOAuthFlag(providers, spec, cwd)
  return providers
}

export const oauthCliFlags: LoginMethodCliFlags<typeof options> = {
  usage: `  --redirect-url <url>          repeatable: the exact URLs OAuth may return to ('none' clears); --add-redirect-url <url> keeps the others
  --oauth <provider>:<key>=<value>[,<key>=<value>...]   repeatable; keys: client-id, client-secret,
                                authorization-endpoint, token-endpoint, userinfo-endpoint, issuer, jwks-uri,
                                scopes (space separated), apple-team-id, apple-key-id, apple-private-key-file.
                                Merges into the provider's settings; '<provider>:off' removes them
  --oauth-json '<json>'         {"<provider>": {"client_id", "client_secret", ...}} as in the config file; replaces those providers`,
  options,
  toInput(values, current, { cwd }) {
    const redirects = values['redirect-url']
    return {
      oauthRedirectUrls: listWithAdditions(
        redirects && (redirects.length === 1 && redirects[0] === 'none' ? [] : redirects.map(redirectUrl)),
        values['add-redirect-url']?.map(redirectUrl),
        current.oauthRedirectUrls,
      ),
      oauthProviders: oauthInput(values, current, cwd),
    }
  },
}
