import { afterEach, describe, expect, it, vi } from 'vitest'
import { TesseraError } from '../errors/base-error.js'
import { appConfigDto, TEST_APP_ID } from '../test-support/fixtures.js'
import { defaultConfig } from './defaults.js'
import { displayLoginMessage } from './display.js'
import { configFromDto } from './from-dto.js'
import { mergeConfig, validateAppId, validateConfig } from './resolve.js'

afterEach(() => vi.restoreAllMocks())
const silenceWarnings = () => vi.spyOn(console, 'warn').mockImplementation(() => {})

describe('defaults', () => {
  it('turn on email and wallet login, light theme and the default header', () => {
    const config = defaultConfig(TEST_APP_ID)
    expect(config.loginMethods.toSorted()).toEqual(['email', 'wallet'])
    expect(config.appearance).toMatchObject({ theme: 'light', landingHeader: 'Log in or sign up', walletChainType: 'ethereum-only' })
    expect(config).toMatchObject({ captchaEnabled: false, embeddedWallets: { createOnLogin: 'off' }, customApiUrl: null })
  })
})

describe('configFromDto', () => {
  it('derives login methods from the *_auth and *_oauth flags', () => {
    const config = configFromDto(
      appConfigDto({ email_auth: true, sms_auth: true, google_oauth: true, apple_oauth: true, passkey_auth: true, telegram_auth: true }),
    )
    expect(config.loginMethods).toEqual(['email', 'sms', 'google', 'apple', 'telegram', 'passkey'])
    expect(configFromDto(appConfigDto({ email_auth: false, solana_wallet_auth: true })).loginMethods).toEqual(['wallet'])
  })

  it('adds a `privy:<app id>` login method, with its name and icon, per cross-app provider', () => {
    const config = configFromDto(
      appConfigDto({ email_auth: true, cross_app_login_providers: [{ app_id: 'tessera-provider-app-0001', name: 'Provider', icon_url: null }] }),
    )
    expect(config.loginMethods).toEqual(['email', 'privy:tessera-provider-app-0001'])
    expect(config.crossAppProviders).toEqual([{ appId: 'tessera-provider-app-0001', name: 'Provider', iconUrl: null }])
    expect(configFromDto(appConfigDto({ email_auth: true })).crossAppProviders).toEqual([])
  })

  it('keeps the user-owned recovery methods the app offers (the recovery selection’s rows)', () => {
    const base = appConfigDto().embedded_wallet_config
    const config = configFromDto(appConfigDto({ embedded_wallet_config: { ...base, user_owned_recovery_options: ['user-passcode', 'google-drive'] } }))
    expect(config.embeddedWallets.userOwnedRecoveryOptions).toEqual(['user-passcode', 'google-drive'])
  })

  it('maps appearance, legal and flags', () => {
    const config = configFromDto(
      appConfigDto({
        name: 'Acme',
        theme: 'dark',
        accent_color: '#ff0000',
        logo_url: 'https://acme.test/logo.png',
        terms_and_conditions_url: 'https://acme.test/terms',
        privacy_policy_url: 'https://acme.test/privacy',
        require_users_accept_terms: true,
        disable_plus_emails: true,
        captcha_enabled: true,
        custom_api_url: 'https://auth.acme.test',
      }),
    )
    expect(config).toMatchObject({
      appName: 'Acme',
      appearance: { theme: 'dark', accentColor: '#ff0000', logo: 'https://acme.test/logo.png', landingHeader: 'Log in or sign up' },
      legal: { termsAndConditionsUrl: 'https://acme.test/terms', privacyPolicyUrl: 'https://acme.test/privacy', requireUsersAcceptTerms: true },
      disablePlusEmails: true,
      captchaEnabled: true,
      customApiUrl: 'https://auth.acme.test',
    })
    expect(configFromDto(appConfigDto({ theme: null })).appearance.theme).toBe('light')
  })

  it('derives walletChainType from the wallet flags', () => {
    expect(configFromDto(appConfigDto({ wallet_auth: true })).appearance.walletChainType).toBe('ethereum-only')
    expect(configFromDto(appConfigDto({ solana_wallet_auth: true })).appearance.walletChainType).toBe('solana-only')
    expect(configFromDto(appConfigDto({ wallet_auth: true, solana_wallet_auth: true })).appearance.walletChainType).toBe('ethereum-and-solana')
  })
})

describe('mergeConfig', () => {
  it('lets client overrides win field by field', () => {
    const merged = mergeConfig(configFromDto(appConfigDto({ theme: 'dark', solana_wallet_auth: true })), {
      appearance: { landingHeader: 'Welcome', walletChainType: 'ethereum-only', theme: undefined },
      legal: { privacyPolicyUrl: 'https://p' },
      loginMethods: ['sms'],
    })
    expect(merged.appearance).toMatchObject({ landingHeader: 'Welcome', walletChainType: 'ethereum-only', theme: 'dark' })
    expect(merged.legal.privacyPolicyUrl).toBe('https://p')
    expect(merged.loginMethods).toEqual(['sms'])
  })
})

describe('validation', () => {
  it('requires an app id of exactly 25 characters', () => {
    expect(() => validateAppId(TEST_APP_ID)).not.toThrow()
    for (const bad of ['short', `${TEST_APP_ID}x`, 42]) {
      const error = (() => {
        try {
          validateAppId(bad)
        } catch (e) {
          return e
        }
      })()
      expect(TesseraError.is(error) && error.code).toBe('invalid_config')
    }
  })

  it('requires at least one login method', () => {
    const config = { ...defaultConfig(TEST_APP_ID), loginMethods: [] }
    expect(() => validateConfig(config)).toThrow('You must enable at least one login method')
  })

  it('ignores duplicate login methods with a warning', () => {
    const warn = silenceWarnings()
    const config = validateConfig({ ...defaultConfig(TEST_APP_ID), loginMethods: ['email', 'google', 'email'] })
    expect(config.loginMethods).toEqual(['email', 'google'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Duplicate'))
  })

  it('forces showWalletLoginFirst off without wallet login, and on with only wallet login, warning each time', () => {
    const warn = silenceWarnings()
    const base = defaultConfig(TEST_APP_ID)
    const withoutWallet = validateConfig({ ...base, loginMethods: ['email'], appearance: { ...base.appearance, showWalletLoginFirst: true } })
    expect(withoutWallet.appearance.showWalletLoginFirst).toBe(false)
    const walletOnly = validateConfig({ ...base, loginMethods: ['wallet', 'passkey'] })
    expect(walletOnly.appearance.showWalletLoginFirst).toBe(true)
    expect(warn).toHaveBeenCalledTimes(2)
    expect(validateConfig(base).appearance.showWalletLoginFirst).toBe(false)
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('keeps the login message but displays at most 100 characters', () => {
    const long = `${'é'.repeat(99)}😀😀`
    expect(displayLoginMessage(long)).toBe(`${'é'.repeat(99)}😀`)
    expect(displayLoginMessage('Welcome back')).toBe('Welcome back')
    expect(displayLoginMessage(null)).toBeNull()
    expect(mergeConfig(defaultConfig(TEST_APP_ID), { appearance: { loginMessage: long } }).appearance.loginMessage).toBe(long)
  })
})
