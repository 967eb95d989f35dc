import type { LinkedAccountType } from '../../../../src/protocol/index.js'
import type { AccountDetails } from '../../users/store.js'

/** An identity a login method has just proven the caller holds. */
export interface VerifiedAccount {
  /** Linked-account type: 'email', 'phone', 'google_oauth', 'custom_auth'... */
  type: LinkedAccountType
  /** The identity key: email address, E.164 number, provider subject, custom user id. Unique per app and type. */
  key: string
  /** Per-type wire fields (snake_case) stored with the account: OAuth profile fields and the like. */
  details?: AccountDetails
  /** Values the allowlist matches: the email, the phone number, a provider-verified email. */
  allowlistIdentifiers: string[]
  /** How the transfer screen names the account. */
  displayName: string
}
