import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import { hasAnyMfaFactor } from '../mfa/factor-store.js'
import { isMfaTokenValid } from '../mfa/mfa-token.js'
import { mfaRequired, type MfaCaller } from '../mfa/require-fresh-mfa.js'

/** How recent the proof behind a key-rebuilding answer must be (docs/security.md #48, #61): a sign-in or a passed MFA challenge. */
export const FRESH_PROOF_WINDOW_MS = 10 * 60_000

/** What the caller is about to do with the answer; it names the copy of the re-authentication error. */
export type FreshProofPurpose = 'recover' | 'export'

const reauthenticationCopy: Record<FreshProofPurpose, string> = {
  recover: 'Sign in again to recover your wallet',
  export: 'Sign in again to export your wallet',
}

/** The re-authentication error: the client signs the user in again (a new session) and retries. */
export const reauthenticationRequired = (purpose: FreshProofPurpose) => new ApiError(403, 'missing_or_invalid_token', reauthenticationCopy[purpose])

/** A session's sign-in time is its creation: refreshing the tokens keeps the session and so the time. */
async function signedInRecently(ctx: ServerContext, db: Queryable, caller: MfaCaller): Promise<boolean> {
  const [row] = await db.query<{ created_at: number }>('SELECT created_at FROM sessions WHERE id = $1 AND user_id = $2', [caller.sessionId, caller.userId])
  return row !== undefined && ctx.clock.now() - Number(row.created_at) <= FRESH_PROOF_WINDOW_MS
}

/**
 * The one rule before any answer that together with others rebuilds a key (recovery key material, export): a user
 * enrolled in MFA must have passed it in this session within the window (403 `mfa_required`, so the client verifies
 * and retries); anyone else must have signed in within it (403 re-authentication). A stolen access token alone, once
 * its session is older than the window, never gets key material.
 */
export async function assertFreshProof(ctx: ServerContext, db: Queryable, appId: string, caller: MfaCaller, purpose: FreshProofPurpose): Promise<void> {
  if (await hasAnyMfaFactor(db, caller.userId)) {
    const fresh = caller.mfaToken !== null && (await isMfaTokenValid(ctx, caller.mfaToken, appId, caller, FRESH_PROOF_WINDOW_MS / 1000))
    if (!fresh) throw mfaRequired()
    return
  }
  if (!(await signedInRecently(ctx, db, caller))) throw reauthenticationRequired(purpose)
}
