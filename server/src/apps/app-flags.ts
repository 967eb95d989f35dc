import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { oauthProviders, type OAuthProvider } from '../../../src/protocol/index.js'
import type { CustomJwtSettings } from '../auth/custom-auth/settings.js'
import { OPTIMISM_ID_REGISTRY, type FarcasterSettings } from '../auth/farcaster/settings.js'
import { isRedirectUrlEntry, oauthProvidersFromFile, oauthProvidersSchema, type OAuthProviderSettings } from '../auth/oauth/settings.js'
import { PASSKEY_RP_ID } from '../auth/passkey/settings.js'
import { TELEGRAM_BOT_TOKEN, type TelegramSettings } from '../auth/telegram/settings.js'
import { ALTCHA_MAX_NUMBER_LIMIT, isOriginEntry } from './app-file-schema.js'
import { appDefaults } from './store.js'
import { loginMethods, type AppInput, type AppRecord, type CaptchaSettings, type LoginMethod } from './types.js'

/** A flag value the CLI refuses (exit code 2 with the usage). */
export class UsageError extends Error {}

export const appFlagsUsage = `App flags (on create and update; an update changes only what it names):
  --name <name>, --origin <origin> (repeatable; 'http://localhost:*' allows any port), --add-origin <origin> (repeatable;
  keeps the app's other origins), --logo-url <url>,
  --accent-color '#rrggbb', --theme light|dark|none, --terms-url <url>, --privacy-url <url> ('' clears a URL),
  --require-terms[=false], --disable-plus-emails[=false]
  --login-methods <list>        comma list of: ${loginMethods.join(', ')}
  --redirect-url <url>          repeatable: the exact URLs OAuth may return to ('none' clears); --add-redirect-url <url> keeps the others
  --oauth <provider>:<key>=<value>[,<key>=<value>...]   repeatable; keys: client-id, client-secret,
                                authorization-endpoint, token-endpoint, userinfo-endpoint, issuer, jwks-uri,
                                scopes (space separated), apple-team-id, apple-key-id, apple-private-key-file.
                                Merges into the provider's settings; '<provider>:off' removes them
  --oauth-json '<json>'         {"<provider>": {"client_id", "client_secret", ...}} as in the config file; replaces those providers
  --whatsapp[=false], --sms-unsupported-regions RU,CN ('' clears)
  --custom-jwt-jwks-url <url> | --custom-jwt-public-key-file <pem file>, --custom-jwt-issuer <iss>,
  --custom-jwt-audience <aud>, --custom-jwt-user-id-claim <claim> (default sub), --remove-custom-jwt
  --allowlist[=false], --allowlist-entries <list> (emails, @domains, +E164 numbers, wallet addresses; '' clears),
  --allowlist-error-title, --allowlist-error-detail, --allowlist-cta-text, --allowlist-cta-link (screen overrides; '' clears)
  --user-limit <n|none>, --signup-disabled[=false], --account-transfer[=false]
  --passkey-rp-id <host> (WebAuthn RP ID; '' clears: the caller's origin host), --passkeys-for-signup[=false],
  --passkey-require-uv[=false] (passkeys must verify the user, not only their presence)
  --siwe-chain-ids 1,8453|default (EIP-155 chains SIWE accepts), --wallet-rpc-url <chain id>=<url>|<chain id>=off
  (repeatable; contract-wallet checks on that chain), --max-linked-wallets <n|none>
  --captcha altcha|turnstile|off, --altcha-max-number <n>, --turnstile-site-key <key>, --turnstile-secret <secret>,
  --turnstile-verify-url <url>
  --telegram-bot-name <bot username>, --telegram-bot-token-env <VAR> (the environment variable holding the bot
  token, kept out of the command line), --telegram-bot-id <id> (default: the token's first half),
  --telegram-link[=false], --telegram-seamless-auth[=false] (Mini App sign-in), --remove-telegram
  --farcaster-rpc-url <url>, --farcaster-id-registry <address>, --farcaster-chain-id <id> (where Sign-In with
  Farcaster reads custody addresses; default Optimism mainnet), --farcaster-key-registry <address> (the KeyRegistry
  Farcaster signers are read from), --farcaster-registry default (back to the default)`

const text = { type: 'string' } as const
const list = { type: 'string', multiple: true } as const
export const appFlagOptions = {
  name: text,
  origin: list,
  'add-origin': list,
  'add-redirect-url': list,
  'logo-url': text,
  'accent-color': text,
  theme: text,
  'terms-url': text,
  'privacy-url': text,
  'require-terms': text,
  'disable-plus-emails': text,
  'login-methods': text,
  'redirect-url': list,
  oauth: list,
  'oauth-json': text,
  whatsapp: text,
  'sms-unsupported-regions': text,
  'custom-jwt-jwks-url': text,
  'custom-jwt-public-key-file': text,
  'custom-jwt-issuer': text,
  'custom-jwt-audience': text,
  'custom-jwt-user-id-claim': text,
  'remove-custom-jwt': { type: 'boolean' },
  allowlist: text,
  'allowlist-entries': text,
  'allowlist-error-title': text,
  'allowlist-error-detail': text,
  'allowlist-cta-text': text,
  'allowlist-cta-link': text,
  'user-limit': text,
  'signup-disabled': text,
  'account-transfer': text,
  captcha: text,
  'altcha-max-number': text,
  'turnstile-site-key': text,
  'turnstile-secret': text,
  'turnstile-verify-url': text,
  'telegram-bot-name': text,
  'telegram-bot-token-env': text,
  'telegram-bot-id': text,
  'telegram-link': text,
  'telegram-seamless-auth': text,
  'remove-telegram': { type: 'boolean' },
  'passkey-rp-id': text,
  'passkeys-for-signup': text,
  'passkey-require-uv': text,
  'siwe-chain-ids': text,
  'wallet-rpc-url': list,
  'max-linked-wallets': text,
  'farcaster-rpc-url': text,
  'farcaster-id-registry': text,
  'farcaster-chain-id': text,
  'farcaster-key-registry': text,
  'farcaster-registry': text,
} as const

/** On/off flags: `--flag` alone means true, `--flag=false` turns it off. */
export const booleanAppFlags = [
  'require-terms',
  'disable-plus-emails',
  'whatsapp',
  'allowlist',
  'signup-disabled',
  'account-transfer',
  'telegram-link',
  'telegram-seamless-auth',
  'passkeys-for-signup',
  'passkey-require-uv',
]

export type AppFlagValues = {
  [K in keyof typeof appFlagOptions]?: (typeof appFlagOptions)[K] extends { multiple: true }
    ? string[]
    : (typeof appFlagOptions)[K] extends { type: 'boolean' }
      ? boolean
      : string
}

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  throw new UsageError(`--${name} takes true or false`)
}

function httpUrl(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--${name}: '${value}' is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--${name}: '${value}' is not an http(s) URL`)
  return value
}

function redirectUrl(value: string): string {
  if (!isRedirectUrlEntry(value)) throw new UsageError(`--redirect-url: '${value}' is not an http(s) URL (a port may be *)`)
  return value
}

function allowedOrigin(value: string): string {
  if (!isOriginEntry(value)) throw new UsageError(`Invalid origin '${value}': use scheme://host[:port] without a path`)
  return value
}

/** `--<flag>` replaces the list; `--add-<flag>` appends to it (to the current list when `--<flag>` is absent), once each. */
function listWithAdditions(replaced: string[] | undefined, added: string[] | undefined, current: string[]): string[] | undefined {
  if (!added) return replaced
  return [...new Set([...(replaced ?? current), ...added])]
}

/** A nullable URL setting: '' clears it. */
const optionalUrl = (name: string, value: string | undefined) => (value === undefined ? undefined : value === '' ? null : httpUrl(name, value))
/** A nullable text setting: '' clears it. */
const optionalText = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value)
/** The flag's value when given, else the current one. */
const keep = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given)
const commaList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)

function readFile(name: string, path: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, path), 'utf8')
  } catch (error) {
    throw new UsageError(`--${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}

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
        apple.privateKeyPem = readFile(name, value, cwd)
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

function oauthInput(values: AppFlagValues, current: AppRecord, cwd: string): AppInput['oauthProviders'] {
  if (!values.oauth && values['oauth-json'] === undefined) return undefined
  const providers = { ...current.oauthProviders }
  if (values['oauth-json'] !== undefined) Object.assign(providers, oauthJson(values['oauth-json'], cwd))
  for (const spec of values.oauth ?? []) applyOAuthFlag(providers, spec, cwd)
  return providers
}

function customJwtInput(values: AppFlagValues, current: AppRecord, cwd: string): AppInput['customJwt'] {
  const jwksUrl = values['custom-jwt-jwks-url']
  const keyFile = values['custom-jwt-public-key-file']
  const given = [jwksUrl, keyFile, values['custom-jwt-issuer'], values['custom-jwt-audience'], values['custom-jwt-user-id-claim']].some((v) => v !== undefined)
  if (values['remove-custom-jwt']) {
    if (given) throw new UsageError('--remove-custom-jwt cannot be combined with other --custom-jwt-* flags')
    return null
  }
  if (!given) return undefined
  if (jwksUrl !== undefined && keyFile !== undefined) throw new UsageError('Give one of --custom-jwt-jwks-url or --custom-jwt-public-key-file')
  const jwt: CustomJwtSettings = current.customJwt ?? { jwksUrl: null, publicKeyPem: null, issuer: null, audience: null, userIdClaim: 'sub' }
  return {
    // A new key source replaces the other one.
    jwksUrl: keyFile !== undefined ? null : jwksUrl !== undefined ? httpUrl('custom-jwt-jwks-url', jwksUrl) : jwt.jwksUrl,
    publicKeyPem: jwksUrl !== undefined ? null : keyFile !== undefined ? readFile('custom-jwt-public-key-file', keyFile, cwd) : jwt.publicKeyPem,
    issuer: keep(optionalText(values['custom-jwt-issuer']), jwt.issuer),
    audience: keep(optionalText(values['custom-jwt-audience']), jwt.audience),
    userIdClaim: values['custom-jwt-user-id-claim'] || jwt.userIdClaim,
  }
}

function allowlistInput(values: AppFlagValues, current: AppRecord): AppInput['allowlist'] {
  const changes = {
    enabled: parseBoolean('allowlist', values.allowlist),
    entries: commaList(values['allowlist-entries']),
    errorTitle: optionalText(values['allowlist-error-title']),
    errorDetail: optionalText(values['allowlist-error-detail']),
    ctaText: optionalText(values['allowlist-cta-text']),
    ctaLink: optionalUrl('allowlist-cta-link', values['allowlist-cta-link']),
  }
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  return Object.keys(given).length === 0 ? undefined : { ...current.allowlist, ...given }
}

function captchaInput(values: AppFlagValues, current: AppRecord): AppInput['captcha'] {
  const provider = values.captcha
  const turnstileGiven = [values['turnstile-site-key'], values['turnstile-secret'], values['turnstile-verify-url']].some((v) => v !== undefined)
  const maxNumber = values['altcha-max-number']
  if (provider === undefined && !turnstileGiven && maxNumber === undefined) return undefined
  if (provider !== undefined && !['altcha', 'turnstile', 'off'].includes(provider)) throw new UsageError(`--captcha takes altcha, turnstile or off`)
  if (provider === 'off') return null
  const target = (provider ?? current.captcha?.provider) as CaptchaSettings['provider'] | undefined
  if (turnstileGiven && target !== 'turnstile') throw new UsageError('--turnstile-* flags need --captcha turnstile')
  if (maxNumber !== undefined && target !== 'altcha') throw new UsageError('--altcha-max-number needs --captcha altcha')
  const existing = current.captcha?.provider === target ? current.captcha : null
  if (target === 'altcha') {
    const cost = maxNumber === undefined ? existing?.altchaMaxNumber : Number(maxNumber)
    if (cost !== undefined && (!Number.isInteger(cost) || cost < 1 || cost > ALTCHA_MAX_NUMBER_LIMIT))
      throw new UsageError(`--altcha-max-number takes an integer from 1 to ${ALTCHA_MAX_NUMBER_LIMIT}`)
    return { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null, ...(cost !== undefined && { altchaMaxNumber: cost }) }
  }
  return {
    provider: 'turnstile',
    siteKey: values['turnstile-site-key'] ?? existing?.siteKey ?? null,
    secretKey: values['turnstile-secret'] ?? existing?.secretKey ?? null,
    verifyUrl: keep(optionalUrl('turnstile-verify-url', values['turnstile-verify-url']), existing?.verifyUrl ?? null),
  }
}

function telegramInput(values: AppFlagValues, current: AppRecord, env: NodeJS.ProcessEnv): AppInput['telegram'] {
  const name = values['telegram-bot-name']
  const tokenEnv = values['telegram-bot-token-env']
  const botId = values['telegram-bot-id']
  const linkEnabled = parseBoolean('telegram-link', values['telegram-link'])
  const seamlessAuthEnabled = parseBoolean('telegram-seamless-auth', values['telegram-seamless-auth'])
  const given = [name, tokenEnv, botId, linkEnabled, seamlessAuthEnabled].some((v) => v !== undefined)
  if (values['remove-telegram']) {
    if (given) throw new UsageError('--remove-telegram cannot be combined with other --telegram-* flags')
    return null
  }
  if (!given) return undefined
  if (name !== undefined && !/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new UsageError('--telegram-bot-name takes a Telegram bot username')
  if (botId !== undefined && !/^\d{1,20}$/.test(botId)) throw new UsageError('--telegram-bot-id takes a numeric bot id')
  let botToken = current.telegram?.botToken
  if (tokenEnv !== undefined) {
    botToken = env[tokenEnv]
    // The message names the variable, never its value.
    if (!botToken || !TELEGRAM_BOT_TOKEN.test(botToken)) throw new UsageError(`--telegram-bot-token-env: ${tokenEnv} does not hold a Telegram bot token`)
  }
  const botName = name ?? current.telegram?.botName
  if (!botToken || !botName) throw new UsageError('Telegram needs --telegram-bot-name and --telegram-bot-token-env')
  const telegram: TelegramSettings = {
    botId: botId ?? (tokenEnv !== undefined ? botToken.slice(0, botToken.indexOf(':')) : current.telegram!.botId),
    botName,
    botToken,
    linkEnabled: keep(linkEnabled, current.telegram?.linkEnabled ?? true),
    seamlessAuthEnabled: keep(seamlessAuthEnabled, current.telegram?.seamlessAuthEnabled ?? false),
  }
  return telegram
}

/** A WebAuthn RP ID is a bare host name ('' clears it). */
function passkeyRpIdInput(value: string | undefined): string | null | undefined {
  const rpId = optionalText(value)
  if (rpId && !PASSKEY_RP_ID.test(rpId)) throw new UsageError(`--passkey-rp-id: '${rpId}' is not a host name`)
  return rpId
}

function userLimitInput(value: string | undefined, flag = 'user-limit'): number | null | undefined {
  if (value === undefined) return undefined
  if (value === 'none') return null
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--${flag} takes a positive integer or none`)
  return limit
}

function siweChainIdsInput(value: string | undefined): number[] | null | undefined {
  if (value === undefined) return undefined
  if (value === 'default') return null
  return (commaList(value) ?? []).map((id) => {
    if (!/^\d{1,20}$/.test(id) || Number(id) < 1) throw new UsageError(`--siwe-chain-ids: '${id}' is not an EIP-155 chain id`)
    return Number(id)
  })
}

/** `<chain id>=<url>` adds or replaces that chain's RPC URL, `<chain id>=off` removes it; the other chains stay. */
function walletRpcUrlsInput(values: string[] | undefined, base: AppRecord): Record<string, string> | undefined {
  if (values === undefined) return undefined
  const urls = { ...base.walletRpcUrls }
  for (const value of values) {
    const [, chainId, url] = /^(\d{1,20})=(.+)$/.exec(value) ?? []
    if (!chainId || !url) throw new UsageError(`--wallet-rpc-url takes <chain id>=<url> or <chain id>=off`)
    if (url === 'off') delete urls[chainId]
    else urls[chainId] = httpUrl('wallet-rpc-url', url)
  }
  return urls
}

/** The Farcaster ID registry: each flag replaces its part; `--farcaster-registry default` restores Optimism mainnet. */
function farcasterInput(values: AppFlagValues, base: AppRecord): FarcasterSettings | undefined {
  const {
    'farcaster-rpc-url': rpcUrl,
    'farcaster-id-registry': registry,
    'farcaster-chain-id': chainId,
    'farcaster-key-registry': keyRegistry,
    'farcaster-registry': reset,
  } = values
  if (reset !== undefined) {
    if (reset !== 'default') throw new UsageError('--farcaster-registry takes default')
    if (rpcUrl !== undefined || registry !== undefined || chainId !== undefined || keyRegistry !== undefined)
      throw new UsageError('--farcaster-registry default cannot be combined with other --farcaster-* flags')
    return OPTIMISM_ID_REGISTRY
  }
  if (rpcUrl === undefined && registry === undefined && chainId === undefined && keyRegistry === undefined) return undefined
  if (registry !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(registry)) throw new UsageError(`--farcaster-id-registry: '${registry}' is not a contract address`)
  if (keyRegistry !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(keyRegistry))
    throw new UsageError(`--farcaster-key-registry: '${keyRegistry}' is not a contract address`)
  if (chainId !== undefined && (!/^\d{1,20}$/.test(chainId) || Number(chainId) < 1))
    throw new UsageError(`--farcaster-chain-id: '${chainId}' is not an EIP-155 chain id`)
  const keyRegistryAddress = keyRegistry ?? base.farcaster.keyRegistryAddress
  return {
    rpcUrl: rpcUrl === undefined ? base.farcaster.rpcUrl : httpUrl('farcaster-rpc-url', rpcUrl),
    idRegistryAddress: registry ?? base.farcaster.idRegistryAddress,
    chainId: chainId === undefined ? base.farcaster.chainId : Number(chainId),
    ...(keyRegistryAddress && { keyRegistryAddress }),
  }
}

/**
 * The settings the flags change, merged over `current` where a setting has parts (OAuth providers,
 * custom JWT, allowlist, CAPTCHA), so `apps update --oauth google:client-secret=...` keeps the client id.
 */
export function appInputFromFlags(values: AppFlagValues, current: AppRecord | null, cwd = process.cwd(), env = process.env): AppInput {
  const base: AppRecord = current ?? { ...appDefaults, id: '', name: '' }
  const methods = commaList(values['login-methods'])
  for (const method of methods ?? []) {
    if (!(loginMethods as readonly string[]).includes(method)) throw new UsageError(`Unknown login method '${method}' (supported: ${loginMethods.join(', ')})`)
  }
  const accent = values['accent-color']
  if (accent && !/^#[0-9a-fA-F]{6}$/.test(accent)) throw new UsageError(`--accent-color takes #rrggbb`)
  const theme = values.theme
  if (theme !== undefined && !['light', 'dark', 'none'].includes(theme)) throw new UsageError('--theme takes light, dark or none')
  const redirects = values['redirect-url']
  const regions = commaList(values['sms-unsupported-regions'])
  for (const region of regions ?? [])
    if (!/^[A-Za-z]{2}$/.test(region)) throw new UsageError(`--sms-unsupported-regions: '${region}' is not an ISO 3166 alpha-2 region`)
  return {
    name: values.name,
    allowedOrigins: listWithAdditions(values.origin?.map(allowedOrigin), values['add-origin']?.map(allowedOrigin), base.allowedOrigins),
    loginMethods: methods as LoginMethod[] | undefined,
    logoUrl: optionalUrl('logo-url', values['logo-url']),
    accentColor: optionalText(accent),
    theme: theme === undefined ? undefined : theme === 'none' ? null : (theme as 'light' | 'dark'),
    termsUrl: optionalUrl('terms-url', values['terms-url']),
    privacyUrl: optionalUrl('privacy-url', values['privacy-url']),
    requireUsersAcceptTerms: parseBoolean('require-terms', values['require-terms']),
    disablePlusEmails: parseBoolean('disable-plus-emails', values['disable-plus-emails']),
    oauthRedirectUrls: listWithAdditions(
      redirects && (redirects.length === 1 && redirects[0] === 'none' ? [] : redirects.map(redirectUrl)),
      values['add-redirect-url']?.map(redirectUrl),
      base.oauthRedirectUrls,
    ),
    oauthProviders: oauthInput(values, base, cwd),
    whatsappEnabled: parseBoolean('whatsapp', values.whatsapp),
    smsUnsupportedRegions: regions?.map((region) => region.toUpperCase()),
    customJwt: customJwtInput(values, base, cwd),
    allowlist: allowlistInput(values, base),
    userLimit: userLimitInput(values['user-limit']),
    signupDisabled: parseBoolean('signup-disabled', values['signup-disabled']),
    captcha: captchaInput(values, base),
    accountTransferEnabled: parseBoolean('account-transfer', values['account-transfer']),
    passkeyRpId: passkeyRpIdInput(values['passkey-rp-id']),
    passkeysForSignup: parseBoolean('passkeys-for-signup', values['passkeys-for-signup']),
    passkeyRequireUserVerification: parseBoolean('passkey-require-uv', values['passkey-require-uv']),
    telegram: telegramInput(values, base, env),
    siweChainIds: siweChainIdsInput(values['siwe-chain-ids']),
    walletRpcUrls: walletRpcUrlsInput(values['wallet-rpc-url'], base),
    maxLinkedWalletsPerUser: userLimitInput(values['max-linked-wallets'], 'max-linked-wallets'),
    farcaster: farcasterInput(values, base),
  }
}
