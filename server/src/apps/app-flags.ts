import { loginMethodModules, loginMethodNames } from '../auth/login-methods.js'
import type { LoginMethodModule } from '../auth/login-method.js'
import { ALTCHA_MAX_NUMBER_LIMIT, isOriginEntry } from './app-file-schema.js'
import {
  commaList,
  httpUrl,
  keep,
  listFlag,
  listWithAdditions,
  optionalText,
  optionalUrl,
  parseBoolean,
  textFlag,
  UsageError,
  type CliFlagContext,
  type CliFlagOptions,
  type CliFlagValues,
} from './cli-flag-parsing.js'
import { appDefaults } from './store.js'
import type { AppInput, AppRecord, CaptchaSettings, LoginMethod } from './types.js'

export { UsageError }

type FlagsOf<Module> = Module extends LoginMethodModule<infer _Shape, infer Flags> ? Flags : never
type Intersection<Union> = (Union extends unknown ? (member: Union) => void : never) extends (all: infer All) => void ? All : never
// The common type: on the list's union, `toInput` would want every method's flags in one type.
const methodModules: readonly LoginMethodModule[] = loginMethodModules

export const appFlagsUsage = `App flags (on create and update; an update changes only what it names):
  --name <name>, --origin <origin> (repeatable; 'http://localhost:*' allows any port), --add-origin <origin> (repeatable;
  keeps the app's other origins), --logo-url <url>,
  --accent-color '#rrggbb', --theme light|dark|none, --terms-url <url>, --privacy-url <url> ('' clears a URL),
  --require-terms[=false], --disable-plus-emails[=false]
  --login-methods <list>        comma list of: ${loginMethodNames.join(', ')}
  --allowlist[=false], --allowlist-entries <list> (emails, @domains, +E164 numbers, wallet addresses; '' clears),
  --allowlist-error-title, --allowlist-error-detail, --allowlist-cta-text, --allowlist-cta-link (screen overrides; '' clears)
  --user-limit <n|none>, --signup-disabled[=false], --account-transfer[=false]
  --wallet-rpc-url <chain id>=<url>|<chain id>=off (repeatable; contract-wallet checks on that chain), --max-linked-wallets <n|none>
  --captcha altcha|turnstile|off, --altcha-max-number <n>, --turnstile-site-key <key>, --turnstile-secret <secret>,
  --turnstile-verify-url <url>
${methodModules.flatMap((method) => method.cliFlags?.usage ?? []).join('\n')}`

const generalFlagOptions = {
  name: textFlag,
  origin: listFlag,
  'add-origin': listFlag,
  'logo-url': textFlag,
  'accent-color': textFlag,
  theme: textFlag,
  'terms-url': textFlag,
  'privacy-url': textFlag,
  'require-terms': textFlag,
  'disable-plus-emails': textFlag,
  'login-methods': textFlag,
  allowlist: textFlag,
  'allowlist-entries': textFlag,
  'allowlist-error-title': textFlag,
  'allowlist-error-detail': textFlag,
  'allowlist-cta-text': textFlag,
  'allowlist-cta-link': textFlag,
  'user-limit': textFlag,
  'signup-disabled': textFlag,
  'account-transfer': textFlag,
  captcha: textFlag,
  'altcha-max-number': textFlag,
  'turnstile-site-key': textFlag,
  'turnstile-secret': textFlag,
  'turnstile-verify-url': textFlag,
  'wallet-rpc-url': listFlag,
  'max-linked-wallets': textFlag,
} as const

type LoginMethodFlagOptions = Intersection<FlagsOf<(typeof loginMethodModules)[number]>>
/** The general flags and every login method's (its `cli-flags.ts`), each keeping its own option's type. */
export const appFlagOptions = Object.assign({}, generalFlagOptions, ...methodModules.map((method) => method.cliFlags?.options)) as typeof generalFlagOptions &
  LoginMethodFlagOptions

/** On/off flags: `--flag` alone means true, `--flag=false` turns it off. */
export const booleanAppFlags = [
  'require-terms',
  'disable-plus-emails',
  'allowlist',
  'signup-disabled',
  'account-transfer',
  ...methodModules.flatMap((method) => method.cliFlags?.booleans ?? []),
]

export type AppFlagValues = CliFlagValues<typeof appFlagOptions>

function allowedOrigin(value: string): string {
  if (!isOriginEntry(value)) throw new UsageError(`Invalid origin '${value}': use scheme://host[:port] without a path`)
  return value
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

function userLimitInput(value: string | undefined, flag = 'user-limit'): number | null | undefined {
  if (value === undefined) return undefined
  if (value === 'none') return null
  const limit = Number(value)
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--${flag} takes a positive integer or none`)
  return limit
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

/** The settings every login method's flags change (`cli-flags.ts` in its folder). */
function loginMethodInput(values: AppFlagValues, base: AppRecord, context: CliFlagContext): AppInput {
  const input: AppInput = {}
  for (const { cliFlags } of methodModules) Object.assign(input, cliFlags?.toInput(values as CliFlagValues<CliFlagOptions>, base, context))
  return input
}

/**
 * The settings the flags change, merged over `current` where a setting has parts (OAuth providers,
 * custom JWT, allowlist, CAPTCHA), so `apps update --oauth google:client-secret=...` keeps the client id.
 */
export function appInputFromFlags(values: AppFlagValues, current: AppRecord | null, cwd = process.cwd(), env = process.env): AppInput {
  const base: AppRecord = current ?? { ...appDefaults, id: '', name: '' }
  const methods = commaList(values['login-methods'])
  for (const method of methods ?? []) {
    if (!(loginMethodNames as readonly string[]).includes(method))
      throw new UsageError(`Unknown login method '${method}' (supported: ${loginMethodNames.join(', ')})`)
  }
  const accent = values['accent-color']
  if (accent && !/^#[0-9a-fA-F]{6}$/.test(accent)) throw new UsageError(`--accent-color takes #rrggbb`)
  const theme = values.theme
  if (theme !== undefined && !['light', 'dark', 'none'].includes(theme)) throw new UsageError('--theme takes light, dark or none')
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
    allowlist: allowlistInput(values, base),
    userLimit: userLimitInput(values['user-limit']),
    signupDisabled: parseBoolean('signup-disabled', values['signup-disabled']),
    captcha: captchaInput(values, base),
    accountTransferEnabled: parseBoolean('account-transfer', values['account-transfer']),
    walletRpcUrls: walletRpcUrlsInput(values['wallet-rpc-url'], base),
    maxLinkedWalletsPerUser: userLimitInput(values['max-linked-wallets'], 'max-linked-wallets'),
    ...loginMethodInput(values, base, { cwd, env }),
  }
}
