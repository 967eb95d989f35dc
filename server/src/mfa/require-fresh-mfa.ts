import type { Context } from 'hono'
import { MFA_TOKEN_HEADER } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import type { AccessClaims } from '../sessions/tokens.js'
import { hasAnyMfaFactor } from './factor-store.js'
import { isMfaTokenValid } from './mfa-token.js'

export const mfaRequired = () => new ApiError(403, 'mfa_required', 'MFA verification required')

/** A verified caller with the MFA token the wallet frame sent in MFA_TOKEN_HEADER, if any. */
export interface MfaCaller extends AccessClaims {
  mfaToken: string | null
}

/** The caller's live session (401 otherwise) and the request's MFA token. */
export async function requireMfaCaller(ctx: ServerContext, c: Context<AppEnv>): Promise<MfaCaller> {
  return { ...(await requireAccess(ctx, c)), mfaToken: c.req.header(MFA_TOKEN_HEADER) ?? null }
}

/**
 * A user enrolled in any MFA factor must present an MFA token verified in this very session (403 `mfa_required`,
 * docs/security.md #49, #51); users without MFA pass. `db` is the caller's transaction when there is one.
 */
export async function assertFreshMfa(ctx: ServerContext, db: Queryable, appId: string, caller: MfaCaller): Promise<void> {
  if (!(await hasAnyMfaFactor(db, caller.userId))) return
  if (!caller.mfaToken || !(await isMfaTokenValid(ctx, caller.mfaToken, appId, caller))) throw mfaRequired()
}
