/** The camelCase user entity the client exposes (sign-in spec, "Entities and their fields"). Dates are `Date` objects. */
interface AccountTimes {
  verifiedAt: Date
  firstVerifiedAt: Date | null
  latestVerifiedAt: Date | null
}

export interface EmailAccount extends AccountTimes {
  type: 'email'
  address: string
}
export interface PhoneAccount extends AccountTimes {
  type: 'phone'
  number: string
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
export interface CrossAppAccount extends AccountTimes {
  type: 'cross_app'
  subject: string
  embeddedWallets: { address: string }[]
  smartWallets: { address: string }[]
  providerApp: { id: string; name: string | null; logoUrl: string | null }
}
export interface GoogleAccount extends AccountTimes {
  type: 'google_oauth'
  subject: string
  email: string | null
  name: string | null
}
export interface SpotifyAccount extends AccountTimes {
  type: 'spotify_oauth'
  subject: string
  email: string | null
  name: string | null
}
export interface AppleAccount extends AccountTimes {
  type: 'apple_oauth'
  subject: string
  email: string | null
}
export interface InstagramAccount extends AccountTimes {
  type: 'instagram_oauth'
  subject: string
  username: string | null
}
export interface TwitterAccount extends AccountTimes {
  type: 'twitter_oauth'
  subject: string
  username: string | null
  name: string | null
  profilePictureUrl: string | null
}
export interface DiscordAccount extends AccountTimes {
  type: 'discord_oauth'
  subject: string
  username: string | null
  email: string | null
}
export interface GithubAccount extends AccountTimes {
  type: 'github_oauth'
  subject: string
  username: string | null
  name: string | null
  email: string | null
}
export interface TiktokAccount extends AccountTimes {
  type: 'tiktok_oauth'
  subject: string
  username: string | null
  name: string | null
}
export interface LineAccount extends AccountTimes {
  type: 'line_oauth'
  subject: string
  name: string | null
  email: string | null
  profilePictureUrl: string | null
}
export interface LinkedInAccount extends AccountTimes {
  type: 'linkedin_oauth'
  subject: string
  name: string | null
  email: string | null
  vanityName: string | null
}
export interface CustomAuthAccount extends AccountTimes {
  type: 'custom_auth'
  customUserId: string
}
export interface FarcasterAccount extends AccountTimes {
  type: 'farcaster'
  fid: number
  ownerAddress: string
  displayName: string | null
  username: string | null
  bio: string | null
  pfp: string | null
  url: string | null
  signerPublicKey: string | null
}
export interface PasskeyAccount extends AccountTimes {
  type: 'passkey'
  enrolledInMfa: boolean
  credentialId: string
  publicKey: string | null
  authenticatorName: string | null
  createdWithDevice: string | null
  createdWithOs: string | null
  createdWithBrowser: string | null
}
export interface TelegramAccount extends AccountTimes {
  type: 'telegram'
  telegramUserId: string
  firstName: string | null
  lastName: string | null
  username: string | null
  photoUrl: string | null
}

export type LinkedAccount =
  | EmailAccount
  | PhoneAccount
  | WalletAccount
  | SmartWalletAccount
  | CrossAppAccount
  | GoogleAccount
  | SpotifyAccount
  | AppleAccount
  | InstagramAccount
  | TwitterAccount
  | DiscordAccount
  | GithubAccount
  | TiktokAccount
  | LineAccount
  | LinkedInAccount
  | CustomAuthAccount
  | FarcasterAccount
  | PasskeyAccount
  | TelegramAccount

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
  // Convenience slots: the first linked account of each kind.
  email?: EmailAccount
  phone?: PhoneAccount
  wallet?: WalletAccount
  smartWallet?: SmartWalletAccount
  google?: GoogleAccount
  twitter?: TwitterAccount
  discord?: DiscordAccount
  github?: GithubAccount
  spotify?: SpotifyAccount
  instagram?: InstagramAccount
  tiktok?: TiktokAccount
  line?: LineAccount
  linkedin?: LinkedInAccount
  apple?: AppleAccount
  farcaster?: FarcasterAccount
  telegram?: TelegramAccount
}
