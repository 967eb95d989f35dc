import type { Context } from 'hono'
import type { AuthShareResponse, KeyMaterialResponse } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { hitKeyMaterialRateLimits } from './key-material-rate-limit.js'
import { authShareResponse, keyMaterialResponse } from './release-shares.js'
import { exportShareBody } from './schemas.js'
import { assertWalletActionAllowed, requireOwnedWallet, type WalletCaller } from './wallet-access.js'

/**
 * The auth share for the export frame (funding spec, "Screens and routes": "Key export"): the owner's live session and the wallet gate's
 * 'export' action (a fresh proof: a sign-in or MFA within the last 10 minutes, docs/security.md #48, #61). The frame combines
 * it with the device share and shows the key in its own document only. With `include_recovery` (the browser keeps the export frame from the device share) it is
 * the key material instead, capped like recovery's (docs/security.md #47).
 */
export async function exportShare(ctx: ServerContext, c: Context<AppEnv>, caller: WalletCaller): Promise<AuthShareResponse | KeyMaterialResponse> {
  const body = await readBody(c, exportShareBody)
  const { shareSet } = await requireOwnedWallet(ctx.db, c.var.app, caller, body.chain_type, c.req.param('address') ?? '')
  await assertWalletActionAllowed(ctx, ctx.db, c.var.app, caller, shareSet, 'export')
  if (!body.include_recovery) return authShareResponse(ctx, shareSet)
  await hitKeyMaterialRateLimits(ctx, c, caller.userId)
  return keyMaterialResponse(ctx, shareSet)
}
