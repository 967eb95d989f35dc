import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import { assertFreshMfa, requireMfaCaller, type MfaCaller } from '../mfa/require-fresh-mfa.js'
import type { AccessClaims } from '../sessions/tokens.js'
import { assertFreshProof, type FreshProofPurpose } from './require-fresh-proof.js'
import { canonicalAddress } from './schemas.js'
import { findOwnedWallet, type EmbeddedWallet, type ShareSet } from './store.js'

export type WalletAction = 'auth_share' | 'key_material' | 'reshare' | 'export' | 'delegate'

export const walletNotFound = () => new ApiError(404, 'not_found', 'Embedded wallet not found')

/** The caller's own wallet at `address` (another user's is not found, never revealed). */
export async function requireOwnedWallet(
  db: Queryable,
  app: AppRecord,
  claims: AccessClaims,
  chain: EmbeddedChainType,
  address: string,
): Promise<{ wallet: EmbeddedWallet; shareSet: ShareSet }> {
  const found = await findOwnedWallet(db, app.id, claims.userId, chain, canonicalAddress(address))
  if (!found) throw walletNotFound()
  return found
}

/** The verified caller of a share route, with the MFA token the wallet frame sent, if any. */
export type WalletCaller = MfaCaller
export const requireWalletCaller = requireMfaCaller

/** The actions whose answers, with others, rebuild a key without this device's share: they need a fresh proof (docs/security.md #61). */
const keyRebuildingActions: Partial<Record<WalletAction, FreshProofPurpose>> = { key_material: 'recover', export: 'export' }

/**
 * The one gate before the server releases or replaces a share: the owner only, and for a user enrolled in MFA an
 * MFA token verified in this very session (403 `mfa_required`, docs/security.md #49, #51); key material and export also need
 * that proof (or, without MFA, the sign-in) to be at most 10 minutes old. `db` is the caller's transaction when there is one.
 * `wallet` is a share set, or a server-managed wallet (no shares, the same owner rule).
 */
export async function assertWalletActionAllowed(
  ctx: ServerContext,
  db: Queryable,
  app: AppRecord,
  caller: WalletCaller,
  wallet: Pick<ShareSet, 'userId'>,
  action: WalletAction,
): Promise<void> {
  if (wallet.userId !== caller.userId) throw walletNotFound()
  const purpose = keyRebuildingActions[action]
  if (purpose) return assertFreshProof(ctx, db, app.id, caller, purpose)
  await assertFreshMfa(ctx, db, app.id, caller)
}
