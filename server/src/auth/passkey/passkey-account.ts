import type { AccountDetails } from '../../users/store.js'
import type { VerifiedAccount } from '../shared/verified-account.js'

/** The stored shape of a passkey's details (`linked_accounts.details`); `sign_count` is the last presented counter. */
export interface PasskeyDetails extends AccountDetails {
  public_key: string
  sign_count: number
  enrolled_in_mfa: boolean
  authenticator_name: string | null
  created_with_device: string | null
  created_with_os: string | null
  created_with_browser: string | null
}

/** A passkey as an account keyed by its credential id; it carries no allowlist identifier. */
export const passkeyAccount = (credentialId: string, details?: PasskeyDetails): VerifiedAccount => ({
  type: 'passkey',
  key: credentialId,
  ...(details ? { details } : {}),
  allowlistIdentifiers: [],
  displayName: 'passkey',
})
