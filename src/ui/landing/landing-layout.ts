import type { EffectiveConfig } from '../../core/index.js'
import type { CopyKey } from '../copy/en.js'
import type { LandingMethod } from '../login-methods/route-list.js'
import { isLandingMethod } from './method-kind.js'
import { overflowLabel } from './overflow-label.js'

/** What the landing shows: method rows, then (if any method is left) one button that opens the rest. */
export interface LandingLayout {
  rows: LandingMethod[]
  overflow: LandingMethod[]
  /** The overflow button's label; null when nothing overflows. */
  overflowLabel: CopyKey | null
  /** The wallet shortcut row and where it sits; null when wallet login is off or the configured layout places it. */
  walletShortcut: { label: CopyKey; position: 'first' | 'last' } | null
}

/** Sign-in spec, "Screens and routes": at most 5 landing rows in the legacy layout, the overflow and wallet buttons included. */
export const LEGACY_MAX_ROWS = 5
/** Sign-in spec, "Screens and routes": the configured layout shows at most 4 primary methods before 'More options'... */
export const CONFIGURED_ROWS_BEFORE_MORE = 4
/** ...unless there are exactly 5 primary methods and no overflow. */
export const CONFIGURED_ALL_PRIMARY = 5

export interface LandingLayoutOptions {
  /** Whether wallet login is drawn as the shortcut row ('Continue with a wallet' / 'Other wallets'). */
  walletShortcut: boolean
}

/** The legacy layout draws wallet login as its shortcut row. */
export const landingLayoutOptions: LandingLayoutOptions = { walletShortcut: true }

/** The wallet shortcut's label: a single 'Continue with a wallet' row after web2, or 'Other wallets' under the wallet list. */
export function walletShortcutLabel(priority: EffectiveConfig['appearance']['loginGroupPriority']): CopyKey {
  return priority === 'web3-first' ? 'landing.wallet.other' : 'landing.wallet.continue'
}

/** Web3 first when the app says so or asks to show wallet login first. */
export function loginGroupPriority(appearance: EffectiveConfig['appearance']): 'web2-first' | 'web3-first' {
  return appearance.showWalletLoginFirst ? 'web3-first' : appearance.loginGroupPriority
}

/**
 * Legacy layout (no `loginMethodsAndOrder`): email, then SMS, then socials in configured order, in at most
 * 5 rows (4 next to a wallet shortcut); past that, the last row becomes the overflow button. Web3-first with
 * a wallet shortcut puts the wallet on top and every web2 method behind one button labelled by its kinds.
 */
export function legacyLandingLayout(config: Pick<EffectiveConfig, 'appearance' | 'loginMethods'>, options: LandingLayoutOptions): LandingLayout {
  // Wallet login is the shortcut row, never one of the web2 rows.
  const web2 = config.loginMethods.filter(isLandingMethod).filter((method) => method !== 'wallet')
  const ordered = [
    ...web2.filter((method) => method === 'email'),
    ...web2.filter((method) => method === 'sms'),
    ...web2.filter((method) => method !== 'email' && method !== 'sms'),
  ]
  const wallet = options.walletShortcut && config.loginMethods.includes('wallet')
  const priority = loginGroupPriority(config.appearance)
  if (wallet && priority === 'web3-first') {
    // One web2 method keeps its own row; more fold behind a single button.
    const [rows, overflow] = ordered.length <= 1 ? [ordered, []] : [[], ordered]
    return { rows, overflow, overflowLabel: overflowLabel(overflow, rows), walletShortcut: { label: walletShortcutLabel(priority), position: 'first' } }
  }
  const budget = LEGACY_MAX_ROWS - (wallet ? 1 : 0)
  const split = ordered.length <= budget ? ordered.length : budget - 1
  const rows = ordered.slice(0, split)
  const overflow = ordered.slice(split)
  return {
    rows,
    overflow,
    overflowLabel: overflowLabel(overflow, rows),
    walletShortcut: wallet ? { label: walletShortcutLabel(priority), position: 'last' } : null,
  }
}

/** Configured layout: exactly 5 primary and no overflow shows all 5; otherwise 4 rows, then 'More options'. */
export function configuredLandingLayout(order: NonNullable<EffectiveConfig['loginMethodsAndOrder']>): LandingLayout {
  const primary = order.primary.filter(isLandingMethod)
  const rest = order.overflow.filter(isLandingMethod)
  const showAll = rest.length === 0 && primary.length <= CONFIGURED_ALL_PRIMARY
  const rows = showAll ? primary : primary.slice(0, CONFIGURED_ROWS_BEFORE_MORE)
  const overflow = showAll ? [] : [...primary.slice(CONFIGURED_ROWS_BEFORE_MORE), ...rest]
  return { rows, overflow, overflowLabel: overflow.length > 0 ? 'landing.more' : null, walletShortcut: null }
}

/** The layout for this config: the configured one when `loginMethodsAndOrder` is set, else the legacy one. */
export function landingLayout(
  config: Pick<EffectiveConfig, 'appearance' | 'loginMethods' | 'loginMethodsAndOrder'>,
  options: LandingLayoutOptions,
): LandingLayout {
  return config.loginMethodsAndOrder ? configuredLandingLayout(config.loginMethodsAndOrder) : legacyLandingLayout(config, options)
}
