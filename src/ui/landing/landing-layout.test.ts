import { describe, expect, it } from 'vitest'
import type { EffectiveConfig, LoginMethod } from '../../core/index.js'
import { defaultConfig } from '../../core/config/defaults.js'
import { configuredLandingLayout, landingLayout, landingLayoutOptions, legacyLandingLayout, walletShortcutLabel } from './landing-layout.js'
import { overflowLabel } from './overflow-label.js'

const config = (loginMethods: LoginMethod[], appearance: Partial<EffectiveConfig['appearance']> = {}) => {
  const base = defaultConfig('tessera-test-app-00000003')
  return { ...base, loginMethods, appearance: { ...base.appearance, ...appearance } }
}
const noWallet = { walletShortcut: false }

describe('legacyLandingLayout', () => {
  it('shows up to 5 methods without an overflow, email then SMS then socials', () => {
    const layout = legacyLandingLayout(config(['google', 'sms', 'github', 'email', 'apple']), noWallet)
    expect(layout).toEqual({ rows: ['email', 'sms', 'google', 'github', 'apple'], overflow: [], overflowLabel: null, walletShortcut: null })
  })

  it('turns the fifth row into the overflow button past 5 methods', () => {
    const layout = legacyLandingLayout(config(['email', 'sms', 'google', 'github', 'apple', 'discord', 'twitter']), noWallet)
    expect(layout.rows).toEqual(['email', 'sms', 'google', 'github'])
    expect(layout.overflow).toEqual(['apple', 'discord', 'twitter'])
    expect(layout.overflowLabel).toBe('landing.overflow.otherSocials')
  })

  it('never draws wallet login as a web2 row: it is the shortcut', () => {
    expect(legacyLandingLayout(config(['wallet', 'email']), noWallet)).toEqual({ rows: ['email'], overflow: [], overflowLabel: null, walletShortcut: null })
    expect(legacyLandingLayout(config(['wallet', 'email']), { walletShortcut: true })).toEqual({
      rows: ['email'],
      overflow: [],
      overflowLabel: null,
      walletShortcut: { label: 'landing.wallet.continue', position: 'last' },
    })
  })

  it('draws the wallet shortcut in the layout the landing uses, and only when wallet login is on', () => {
    expect(landingLayoutOptions.walletShortcut).toBe(true)
    expect(landingLayout(config(['email', 'wallet']), landingLayoutOptions).walletShortcut).toEqual({ label: 'landing.wallet.continue', position: 'last' })
    expect(landingLayout(config(['email']), landingLayoutOptions).walletShortcut).toBeNull()
    // Wallet only: the shortcut is the whole landing.
    expect(landingLayout(config(['wallet']), landingLayoutOptions)).toEqual({
      rows: [],
      overflow: [],
      overflowLabel: null,
      walletShortcut: { label: 'landing.wallet.continue', position: 'last' },
    })
  })

  it('gives one row to the wallet shortcut (web2-first: last, "Continue with a wallet")', () => {
    const methods: LoginMethod[] = ['email', 'wallet', 'google', 'github', 'apple', 'discord']
    const layout = legacyLandingLayout(config(methods), { walletShortcut: true })
    expect(layout.rows).toEqual(['email', 'google', 'github'])
    expect(layout.overflow).toEqual(['apple', 'discord'])
    expect(layout.walletShortcut).toEqual({ label: 'landing.wallet.continue', position: 'last' })
    expect(legacyLandingLayout(config(methods.slice(0, 5)), { walletShortcut: true }).overflow).toEqual([])
  })

  it('web3-first (or showWalletLoginFirst) puts the wallet on top and web2 behind one labelled button', () => {
    const first = legacyLandingLayout(config(['email', 'sms', 'wallet', 'google'], { loginGroupPriority: 'web3-first' }), { walletShortcut: true })
    expect(first).toEqual({
      rows: [],
      overflow: ['email', 'sms', 'google'],
      overflowLabel: 'landing.overflow.emailOrSocials',
      walletShortcut: { label: 'landing.wallet.other', position: 'first' },
    })
    const forced = legacyLandingLayout(config(['sms', 'wallet'], { showWalletLoginFirst: true }), { walletShortcut: true })
    expect(forced).toMatchObject({ rows: ['sms'], overflow: [], overflowLabel: null, walletShortcut: { position: 'first' } })
    // Without a wallet shortcut the priority changes nothing.
    expect(legacyLandingLayout(config(['email', 'wallet'], { loginGroupPriority: 'web3-first' }), noWallet).rows).toEqual(['email'])
  })
})

describe('overflowLabel', () => {
  it('names the hidden kinds with one of the seven labels', () => {
    expect(overflowLabel(['apple'], ['google'])).toBe('landing.overflow.otherSocials')
    expect(overflowLabel(['apple'], ['email'])).toBe('landing.overflow.social')
    expect(overflowLabel(['email', 'google'], [])).toBe('landing.overflow.emailOrSocials')
    expect(overflowLabel(['email', 'sms', 'google'], [])).toBe('landing.overflow.emailOrSocials')
    expect(overflowLabel(['sms', 'google'], [])).toBe('landing.overflow.smsOrSocials')
    expect(overflowLabel(['email', 'sms'], [])).toBe('landing.overflow.emailOrSms')
    expect(overflowLabel(['email'], [])).toBe('landing.overflow.email')
    expect(overflowLabel(['sms'], [])).toBe('landing.overflow.sms')
    expect(overflowLabel([], ['email'])).toBeNull()
  })
})

describe('walletShortcutLabel', () => {
  it('is "Continue with a wallet" web2-first and "Other wallets" web3-first', () => {
    expect(walletShortcutLabel('web2-first')).toBe('landing.wallet.continue')
    expect(walletShortcutLabel('web3-first')).toBe('landing.wallet.other')
  })
})

describe('configuredLandingLayout', () => {
  it('shows exactly 5 primary methods when nothing overflows', () => {
    const primary: LoginMethod[] = ['email', 'sms', 'google', 'github', 'apple']
    expect(configuredLandingLayout({ primary, overflow: [] })).toEqual({ rows: primary, overflow: [], overflowLabel: null, walletShortcut: null })
  })

  it("otherwise shows at most 4 before 'More options'", () => {
    expect(configuredLandingLayout({ primary: ['email', 'sms', 'google', 'github', 'apple'], overflow: ['discord'] })).toEqual({
      rows: ['email', 'sms', 'google', 'github'],
      overflow: ['apple', 'discord'],
      overflowLabel: 'landing.more',
      walletShortcut: null,
    })
    const six = configuredLandingLayout({ primary: ['google', 'github', 'apple', 'discord', 'twitter', 'line'], overflow: [] })
    expect(six.rows).toHaveLength(4)
    expect(six.overflow).toEqual(['twitter', 'line'])
    expect(configuredLandingLayout({ primary: ['sms'], overflow: ['email'] })).toMatchObject({
      rows: ['sms'],
      overflow: ['email'],
      overflowLabel: 'landing.more',
    })
  })

  it('keeps the configured order, wallet login as one of its rows', () => {
    expect(configuredLandingLayout({ primary: ['github', 'wallet', 'email'], overflow: [] })).toEqual({
      rows: ['github', 'wallet', 'email'],
      overflow: [],
      overflowLabel: null,
      walletShortcut: null,
    })
  })
})

describe('landingLayout', () => {
  it('uses the configured layout when loginMethodsAndOrder is set', () => {
    const base = config(['email', 'google'])
    expect(landingLayout({ ...base, loginMethodsAndOrder: { primary: ['google'], overflow: ['email'] } }, noWallet).overflowLabel).toBe('landing.more')
    expect(landingLayout(base, noWallet).rows).toEqual(['email', 'google'])
  })
})
