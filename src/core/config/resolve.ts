/** Client overrides over a base config, then the validation rules of the sign-in spec, "Validation rules": "Configuration". */
import { APP_ID_LENGTH } from '../../protocol/index.js'
import { invalidConfigError } from '../errors/client-errors.js'
import type { EffectiveConfig, EffectiveConfigInput, LoginMethod } from './types.js'

const directLoginMethods: ReadonlySet<LoginMethod> = new Set([
  'email',
  'sms',
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'line',
  'linkedin',
  'apple',
])

export function validateAppId(appId: unknown): asserts appId is string {
  if (typeof appId !== 'string' || appId.length !== APP_ID_LENGTH) {
    throw invalidConfigError(`Invalid app id: it must be a string of exactly ${APP_ID_LENGTH} characters`)
  }
}

export function mergeConfig(base: EffectiveConfig, overrides: Partial<EffectiveConfigInput> = {}): EffectiveConfig {
  return {
    ...base,
    appearance: { ...base.appearance, ...definedOnly(overrides.appearance) },
    legal: { ...base.legal, ...definedOnly(overrides.legal) },
    loginMethods: overrides.loginMethods ?? base.loginMethods,
    loginMethodsAndOrder: overrides.loginMethodsAndOrder ?? base.loginMethodsAndOrder,
    intl: { ...base.intl, ...definedOnly(overrides.intl) },
    embeddedWallets: { ...base.embeddedWallets, ...definedOnly(overrides.embeddedWallets) },
    supportedChains: overrides.supportedChains ?? base.supportedChains,
    defaultChain: overrides.defaultChain ?? base.defaultChain,
    solanaClusters: overrides.solanaClusters ?? base.solanaClusters,
  }
}

/** Throws `invalid_config` when no login method is left; warns on every other correction. */
export function validateConfig(config: EffectiveConfig): EffectiveConfig {
  const loginMethods = [...new Set(config.loginMethods)]
  if (loginMethods.length !== config.loginMethods.length) console.warn('[tessera] Duplicate login methods are ignored.')
  if (loginMethods.length === 0) throw invalidConfigError('You must enable at least one login method')

  let showWalletLoginFirst = config.appearance.showWalletLoginFirst
  if (showWalletLoginFirst && !loginMethods.includes('wallet')) {
    console.warn('[tessera] showWalletLoginFirst is set to false because wallet login is disabled.')
    showWalletLoginFirst = false
  } else if (!showWalletLoginFirst && loginMethods.includes('wallet') && !loginMethods.some((m) => directLoginMethods.has(m))) {
    console.warn('[tessera] showWalletLoginFirst is set to true because no email, SMS or social login is enabled.')
    showWalletLoginFirst = true
  }
  return { ...config, loginMethods, appearance: { ...config.appearance, showWalletLoginFirst } }
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>
}
