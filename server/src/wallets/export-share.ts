import type { Context } from 'hono'
import type { AuthShareResponse, KeyMaterialResponse } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { requireClientIp } from '../http/client-ip.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import { authShareResponse, keyMaterialResponse } from './release-shares.js'
import { exportShareBody } from './schemas.js'
import { assertWalletActionAllowed, requireOwnedWallet, type WalletCaller } from './wallet-access.js'

/** How recent the session's sign-in must be for a key export (SECURITY.md 48: fresh re-authentication). */
export const EXPORT_FRESH_SIGN_IN_MS = 10 * 60_000

export const staleSignIn = () => new ApiError(403, 'missing_or_invalid_token', 'Sign in again to export your wallet')

/** A session's sign-in time is its creation: refreshing the tokens keeps the session and so the time. */
async function assertFreshSignIn(ctx: ServerContext, claims: WalletCaller): Promise<void> {
  const [row] = await ctx.db.query<{ created_at: number }>('SELECT created_at FROM sessions WHERE id = $1 AND user_id = $2', [claims.sessionId, claims.userId])
  if (!row || ctx.clock.now() - Number(row.created_at) > EXPORT_FRESH_SIGN_IN_MS) throw staleSignIn()
}

/**
 * The auth share for the export frame (document 3 "Key export"): the owner's live session, signed in within the last
 * 10 minutes, and the MFA gate's 'export' action. The frame combines it with the device share and shows the key in
 * its own document only. With `include_recovery` (the browser keeps the export frame from the device share) it is
 * the key material instead, capped like recovery's (SECURITY 47).
 */
export async function exportShare(ctx: ServerContext, c: Context<AppEnv>, caller: WalletCaller): Promise<AuthShareResponse | KeyMaterialResponse> {
  const body = await readBody(c, exportShareBody)
  const { shareSet } = await requireOwnedWallet(ctx.db, c.var.app, caller, body.chain_type, c.req.param('address') ?? '')
  await assertFreshSignIn(ctx, caller)
  await assertWalletActionAllowed(ctx, ctx.db, c.var.app, caller, shareSet, 'export')
  if (!body.include_recovery) return authShareResponse(shareSet)
  await hitRateLimit(ctx.db, ctx.clock, `wallet-key-material-user:${caller.userId}`, ctx.rateLimits.walletKeyMaterialPerUser)
  await hitRateLimit(ctx.db, ctx.clock, `wallet-key-material-ip:${requireClientIp(c, ctx.trustProxy)}`, ctx.rateLimits.walletKeyMaterialPerIp)
  return keyMaterialResponse(ctx.walletRecoveryKey, shareSet)
}
