/**
 * The login methods whose accounts are not keyed by `address` (email and wallets are): how each appears in the user DTO.
 * Apart from login-methods.ts, whose modules import the routes, which import the user DTO.
 */
import { crossAppLinkedAccounts } from './cross-app/linked-accounts.js'
import { customAuthLinkedAccounts } from './custom-auth/linked-accounts.js'
import { farcasterLinkedAccounts } from './farcaster/linked-accounts.js'
import type { LinkedAccountWire } from './linked-account-wire.js'
import { oauthLinkedAccounts } from './oauth/linked-accounts.js'
import { passkeyLinkedAccounts } from './passkey/linked-accounts.js'
import { smsLinkedAccounts } from './sms/linked-accounts.js'
import { telegramLinkedAccounts } from './telegram/linked-accounts.js'

export const linkedAccountWires: readonly LinkedAccountWire[] = [
  smsLinkedAccounts, passkeyLinkedAccounts, telegramLinkedAccounts, oauthLinkedAccounts, crossAppLinkedAccounts, farcasterLinkedAccounts, customAuthLinkedAccounts,
]
