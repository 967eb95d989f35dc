import { loginMethodConfigFields } from '../auth/login-methods.js'
import type { EffectiveConfig } from './types.js'

export const DEFAULT_LANDING_HEADER = 'Log in or sign up'

/** Used until the server config loads, and kept if it fails (sign-in spec, "Entities and their fields": "Defaults"). */
export function defaultConfig(appId: string): EffectiveConfig {
  return {
    appId,
    appName: '',
    appearance: {
      theme: 'light',
      accentColor: null,
      logo: null,
      landingHeader: DEFAULT_LANDING_HEADER,
      loginMessage: null,
      showWalletLoginFirst: false,
      walletChainType: 'ethereum-only',
      loginGroupPriority: 'web2-first',
    },
    loginMethods: ['email', 'wallet'],
    legal: { termsAndConditionsUrl: null, privacyPolicyUrl: null, requireUsersAcceptTerms: false },
    allowlist: { errorTitle: null, errorDetail: null, ctaText: null, ctaLink: null },
    disablePlusEmails: false,
    captchaEnabled: false,
    customApiUrl: null,
    embeddedWallets: {
      createOnLogin: 'off',
      ethereum: { createOnLogin: 'off' },
      solana: { createOnLogin: 'off' },
      requireUserPasswordOnCreate: false,
      showWalletUIs: true,
    },
    appChains: [],
    supportedChains: null,
    defaultChain: null,
    solanaClusters: [],
    loginMethodsAndOrder: null,
    intl: { defaultCountry: 'US' },
    captchaSiteKey: null,
    walletConnectProjectId: null,
    walletConnectRelayUrl: null,
    fundingConfig: null,
    ...loginMethodConfigFields(),
  }
}
