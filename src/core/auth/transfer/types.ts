import type { OAuthProvider } from '../../../protocol/index.js'

/** What the transfer screens need, read from an `account_transfer_required` error (wallet spec, "Screens and routes": "Account transfer"). */
export interface AccountTransfer {
  nonce: string
  linkMethod: 'email' | 'sms' | 'farcaster' | 'telegram' | 'siwe' | 'siws' | OAuthProvider
  /** The email, phone number, provider subject, Farcaster fid, Telegram user id or wallet address being moved. */
  account: string
  displayName: string
  embeddedWalletAddress: string | null
}
