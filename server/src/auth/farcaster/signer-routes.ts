import { createHmac } from 'node:crypto'
import type { Hono } from 'hono'
import type { Hex } from 'viem'
import { z } from 'zod'
import type { FarcasterSignerStatusResponse } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { signerKeyState } from './signer-key-state.js'
import { mount } from '../../http/mount.js'
import { farcasterSignerInitRoute, farcasterSignerStatusRoute } from '../../../../src/protocol/routes/farcaster.js'

/** An ed25519 public key as 0x-prefixed hex of its 32 bytes (the reference API's form), kept lower-case. */
const ed25519PublicKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte ed25519 public key as 0x-prefixed hex')
  .transform((key) => key.toLowerCase() as Hex)
const signerBody = z.object({ ed25519_public_key: ed25519PublicKey })

/** How long the approval link is offered for (the reference API's default deadline). */
export const FARCASTER_SIGNER_DEADLINE_SECONDS = 60 * 60

/** The fid of the caller's linked Farcaster account; without one there is nothing to add a signer to. */
async function linkedFid(ctx: ServerContext, appId: string, userId: string): Promise<number> {
  const [row] = await ctx.db.query<{ address: string }>("SELECT address FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type = 'farcaster'", [
    appId,
    userId,
  ])
  if (!row) throw new ApiError(400, 'linked_account_not_found', 'The user has no linked Farcaster account')
  return Number(row.address)
}

/** Keeps the account's `signer_public_key` in step with the registry: set on approval, cleared when that key is revoked. */
async function recordSigner(ctx: ServerContext, appId: string, fid: number, key: Hex, approved: boolean): Promise<void> {
  await ctx.db.query(
    approved
      ? "UPDATE linked_accounts SET details = details || jsonb_build_object('signer_public_key', $3::text) WHERE app_id = $1 AND type = 'farcaster' AND address = $2"
      : "UPDATE linked_accounts SET details = details || jsonb_build_object('signer_public_key', null) WHERE app_id = $1 AND type = 'farcaster' AND address = $2 AND details->>'signer_public_key' = $3",
    [appId, String(fid), key],
  )
}

/** The key's status for the caller's fid, read from the KeyRegistry (approved = ADDED, revoked = REMOVED, else pending). */
async function signerStatus(ctx: ServerContext, app: AppRecord, userId: string, key: Hex): Promise<{ fid: number; status: FarcasterSignerStatusResponse }> {
  const fid = await linkedFid(ctx, app.id, userId)
  const state = await signerKeyState(app.farcaster, fid, key)
  if (state === 'absent') return { fid, status: { status: 'pending_approval', public_key: key } }
  await recordSigner(ctx, app.id, fid, key, state === 'added')
  return { fid, status: { status: state === 'added' ? 'approved' : 'revoked', public_key: key, fid } }
}

/**
 * The Farcaster-app link that asks the fid's custody account to add `key` to the KeyRegistry. It carries the key,
 * the fid, a deadline and a token binding them to this app (an HMAC under the server secret) that names the request.
 * On the real network this is Farcaster's signed key request, which also needs an app fid's EIP-712 signature; see
 * docs/decisions.md "Farcaster signer".
 */
function signerApprovalUrl(ctx: ServerContext, appId: string, fid: number, key: Hex): string {
  const deadline = Math.floor(ctx.clock.now() / 1000) + FARCASTER_SIGNER_DEADLINE_SECONDS
  const token = createHmac('sha256', ctx.secret).update(`farcaster-signer:${appId}:${fid}:${key}:${deadline}`).digest('base64url')
  const url = new URL('https://farcaster.xyz/~/signed-key-request')
  url.search = new URLSearchParams({ token, key, fid: String(fid), deadline: String(deadline) }).toString()
  return url.toString()
}

/**
 * `/api/v1/farcaster/signer/*` (wallet spec, "The calls it makes"): a signed-in user with a linked Farcaster account asks for an ed25519
 * key (the embedded wallet's Farcaster signer) to be added to their fid, then polls its status.
 */
export function mountFarcasterSignerRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, farcasterSignerInitRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, signerBody)
    const { fid, status } = await signerStatus(ctx, c.var.app, caller.userId, body.ed25519_public_key)
    if (status.status !== 'pending_approval') return c.json(status)
    return c.json({ ...status, signer_approval_url: signerApprovalUrl(ctx, c.var.app.id, fid, body.ed25519_public_key) })
  })

  mount(app, farcasterSignerStatusRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, signerBody)
    return c.json((await signerStatus(ctx, c.var.app, caller.userId, body.ed25519_public_key)).status)
  })
}
