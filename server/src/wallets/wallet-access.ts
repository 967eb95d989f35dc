import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { Queryable } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import type { AccessClaims } from '../sessions/tokens.js'
import { canonicalAddress } from './schemas.js'
import { findOwnedWallet, type EmbeddedWallet, type ShareSet } from './store.js'

export type WalletAction = 'auth_share' | 'key_material' | 'reshare'

export const walletNotFound = () => new ApiError(404, 'not_found', 'Embedded wallet not found')

/** The caller's own wallet at `address` (another user's is not found, never revealed). */
export async function requireOwnedWallet(db: Queryable, app: AppRecord, claims: AccessClaims, chain: EmbeddedChainType, address: string): Promise<{ wallet: EmbeddedWallet; shareSet: ShareSet }> {
  const found = await findOwnedWallet(db, app.id, claims.userId, chain, canonicalAddress(address))
  if (!found) throw walletNotFound()
  return found
}

/**
 * The one gate before the server releases or replaces a share. MFA verification (a user enrolled in MFA must
 * present a fresh MFA token) goes here; today the owner's live session, checked by the caller, suffices.
 */
export function assertWalletActionAllowed(claims: AccessClaims, shareSet: ShareSet, _action: WalletAction): void {
  if (shareSet.userId !== claims.userId) throw walletNotFound()
}
