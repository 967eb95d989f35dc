/** The camelCase user entity the client exposes (sign-in spec, "Entities and their fields"). Dates are `Date` objects. */
export interface AccountTimes {
  verifiedAt: Date
  firstVerifiedAt: Date | null
  latestVerifiedAt: Date | null
}

export interface WalletAccount extends AccountTimes {
  type: 'wallet'
  id: string | null
  address: string
  imported: boolean
  delegated: boolean
  chainType: 'ethereum' | 'solana' | 'bitcoin'
  chainId: string | null
  walletClientType: string | null
  connectorType: string | null
  recoveryMethod: string | null
  walletIndex: number | null
}
export interface SmartWalletAccount extends AccountTimes {
  type: 'smart_wallet'
  address: string
  smartWalletType: string
  smartWalletVersion: string | null
}

/**
 * Every linked account, by its `type`: the wallets' here, each sign-in's added by its `auth/<method>/types.ts` through
 * declaration merging (with its `User` slot).
 */
export interface LinkedAccounts {
  wallet: WalletAccount
  smart_wallet: SmartWalletAccount
}
export type LinkedAccount = LinkedAccounts[keyof LinkedAccounts]

export interface MfaMethod {
  type: 'sms' | 'totp' | 'passkey'
  verifiedAt: Date
}

export interface User {
  id: string
  createdAt: Date
  linkedAccounts: LinkedAccount[]
  hasAcceptedTerms: boolean
  isGuest: boolean
  customMetadata: Record<string, string | number | boolean>
  mfaMethods: MfaMethod[]
  /** Always empty: a delegated wallet shows `delegated: true` on its own linked account instead. */
  delegatedWallets: never[]
  // Convenience slots: the first linked account of each kind (each sign-in adds its own).
  wallet?: WalletAccount
  smartWallet?: SmartWalletAccount
}
