import type { Hono } from 'hono'
import type { CreateEmbeddedWalletResponse, ReshareResponse, UserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { loadUserDto } from '../users/user-dto.js'
import { serverWalletExportRefused, serverWalletRecoveryRefused } from '../server-wallets/errors.js'
import { refuseForServerWallet } from '../server-wallets/routes.js'
import { addEmbeddedWallet } from './add-wallet.js'
import { createEmbeddedWallet } from './create-wallet.js'
import type { CreatedWallet } from './created-wallet.js'
import { exportShare } from './export-share.js'
import { hitKeyMaterialRateLimits } from './key-material-rate-limit.js'
import { authShareResponse, keyMaterialResponse } from './release-shares.js'
import { reshareEmbeddedWallet } from './reshare-wallet.js'
import { addBody, createBody, reshareBody, shareQueryBody } from './schemas.js'
import { assertWalletActionAllowed, requireOwnedWallet, requireWalletCaller } from './wallet-access.js'
import { mount } from '../http/mount.js'
import { embeddedWalletRoutes } from '../../../src/protocol/embedded-wallet-routes.js'

/**
 * The share endpoints the wallet frame calls (`embeddedWalletRoutes` in src/protocol), mounted at
 * `/api/v1/embedded_wallets`. Each checks the owner's live access token first: no share is read before that.
 */
export function mountEmbeddedWalletApiRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  const userOf = async (appId: string, userId: string): Promise<UserDto> => {
    const user = await loadUserDto(ctx, appId, userId)
    if (!user) throw invalidToken()
    return user
  }
  const createdResponse = async (appId: string, userId: string, wallet: CreatedWallet): Promise<CreateEmbeddedWalletResponse> => ({
    user: await userOf(appId, userId),
    address: wallet.address,
    entropy_id: wallet.entropyId,
    created: wallet.created,
  })

  mount(app, embeddedWalletRoutes.create, async (c) => {
    const claims = await requireAccess(ctx, c)
    const wallet = await createEmbeddedWallet(ctx, c.var.app, claims.userId, await readBody(c, createBody))
    return c.json(await createdResponse(c.var.app.id, claims.userId, wallet))
  })

  mount(app, embeddedWalletRoutes.add, async (c) => {
    const claims = await requireAccess(ctx, c)
    const wallet = await addEmbeddedWallet(ctx, c.var.app, claims.userId, await readBody(c, addBody))
    return c.json(await createdResponse(c.var.app.id, claims.userId, wallet))
  })

  mount(app, embeddedWalletRoutes.authShare, async (c) => {
    const caller = await requireWalletCaller(ctx, c)
    const body = await readBody(c, shareQueryBody)
    const { shareSet } = await requireOwnedWallet(ctx.db, c.var.app, caller, body.chain_type, c.req.param('address'))
    await assertWalletActionAllowed(ctx, ctx.db, c.var.app, caller, shareSet, 'auth_share')
    return c.json(await authShareResponse(ctx, shareSet))
  })

  mount(app, embeddedWalletRoutes.keyMaterial, async (c) => {
    const caller = await requireWalletCaller(ctx, c)
    await hitKeyMaterialRateLimits(ctx, c, caller.userId)
    const body = await readBody(c, shareQueryBody)
    const { shareSet } = await requireOwnedWallet(ctx.db, c.var.app, caller, body.chain_type, c.req.param('address'))
    await assertWalletActionAllowed(ctx, ctx.db, c.var.app, caller, shareSet, 'key_material')
    return c.json(await keyMaterialResponse(ctx, shareSet))
  })

  mount(app, embeddedWalletRoutes.exportShare, async (c) => {
    const caller = await requireWalletCaller(ctx, c)
    await refuseForServerWallet(ctx.db, c.var.app.id, caller.userId, c.req.param('address'), serverWalletExportRefused)
    return c.json(await exportShare(ctx, c, caller))
  })

  mount(app, embeddedWalletRoutes.reshare, async (c) => {
    const caller = await requireWalletCaller(ctx, c)
    // Wallet spec, "States and transitions": setting recovery on a privy-v2 wallet is refused.
    await refuseForServerWallet(ctx.db, c.var.app.id, caller.userId, c.req.param('address'), serverWalletRecoveryRefused)
    const shareVersion = await reshareEmbeddedWallet(ctx, c.var.app, caller, c.req.param('address'), await readBody(c, reshareBody))
    return c.json({ user: await userOf(c.var.app.id, caller.userId), share_version: shareVersion } satisfies ReshareResponse)
  })
}
