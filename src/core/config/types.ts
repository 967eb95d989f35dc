/** The effective client config: defaults, then the server config, then the client's own overrides. */
export type LoginMethod =
  | 'email' | 'sms' | 'wallet' | 'google' | 'twitter' | 'discord' | 'github' | 'spotify' | 'instagram'
  | 'tiktok' | 'line' | 'linkedin' | 'apple' | 'farcaster' | 'telegram' | 'passkey'

export type ThemeName = 'light' | 'dark'
export type WalletChainType = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'

export interface Appearance {
  theme: ThemeName
  /** Accent colour as #rrggbb; null uses the theme's own. */
  accentColor: string | null
  /** Logo URL, shown at most 180×90. */
  logo: string | null
  landingHeader: string
  /** Truncated to 100 characters for display. */
  loginMessage: string | null
  showWalletLoginFirst: boolean
  walletChainType: WalletChainType
  loginGroupPriority: 'web3-first' | 'web2-first'
}

export interface Legal {
  termsAndConditionsUrl: string | null
  privacyPolicyUrl: string | null
  requireUsersAcceptTerms: boolean
}

/** Overrides for the allowlist-denied screen; null fields use the copy defaults. */
export interface AllowlistScreen {
  errorTitle: string | null
  errorDetail: string | null
  ctaText: string | null
  ctaLink: string | null
}

export interface EffectiveConfig {
  appId: string
  appName: string
  appearance: Appearance
  loginMethods: LoginMethod[]
  legal: Legal
  allowlist: AllowlistScreen
  disablePlusEmails: boolean
  captchaEnabled: boolean
  /** A non-null custom API URL from the server config switches the API base. */
  customApiUrl: string | null
  embeddedWallets: { createOnLogin: 'off' | 'users-without-wallets' | 'all-users' }
}

/** What a host may pass: every appearance/legal field optional. */
export interface EffectiveConfigInput {
  appearance: Partial<Appearance>
  loginMethods: LoginMethod[]
  legal: Partial<Legal>
}
