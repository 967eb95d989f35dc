import type { Hono } from 'hono'
import type { DelegateWalletResponse, RevokeWalletsResponse, WalletRpcResponse } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { requireAppSecret } from '../http/require-app-secret.js'
import { requireAccess } from '../sessions/authenticate-request.js'
import { loadUserDto } from '../users/user-dto.js'
import { delegateBody, delegateWallet } from './delegate-wallet.js'
import { signWithDelegation } from './delegated-rpc.js'
import { endDelegations, markDelegated } from './delegation-store.js'
import { walletRpcBody } from '../wallet-signing/rpc-request.js'
import { requireWalletCaller } from './wallet-access.js'
import { delegateServerWallet, revokeServerWalletDelegations, serverDelegateBody } from '../server-wallets/delegate-server-wallet.js'
import { serverWalletRpcRoute } from '../server-wallets/routes.js'
import { mount } from '../http/mount.js'
import { delegationRoutes } from '../../../src/protocol/delegation-routes.js'

/**
 * The wallet API's delegation routes (wallet spec, "The calls it makes"), mounted at `/api/v1/wallets`: `delegate` (the wallet frame, the
 * owner's session), `revoke` (the owner's session, empty body) and `:wallet_id/rpc` (the app's backend, app secret).
 */
export function mountWalletDelegationRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  const userOf = async (appId: string, userId: string) => {
    const user = await loadUserDto(ctx, appId, userId)
    if (!user) throw invalidToken()
    return user
  }

  mount(app, delegationRoutes.delegate, async (c) => {
    const caller = await requireWalletCaller(ctx, c)
    // A server-managed wallet has no device share: its delegation lets the app's session signers sign for it.
    const walletId =
      (await delegateServerWallet(ctx, c.var.app, caller, await readBody(c, serverDelegateBody))) ??
      (await delegateWallet(ctx, c.var.app, caller, await readBody(c, delegateBody)))
    return c.json({ user: await userOf(c.var.app.id, caller.userId), wallet_id: walletId } satisfies DelegateWalletResponse)
  })

  // Revoking only takes power away: the session suffices, no MFA.
  mount(app, delegationRoutes.revoke, async (c) => {
    const claims = await requireAccess(ctx, c)
    await ctx.db.transaction(async (tx) => {
      await markDelegated(tx, c.var.app.id, await endDelegations(tx, { appId: c.var.app.id, userId: claims.userId }, ctx.clock.now()), false)
      await revokeServerWalletDelegations(tx, c.var.app.id, claims.userId)
    })
    return c.json({ message: 'Success', user: await userOf(c.var.app.id, claims.userId) } satisfies RevokeWalletsResponse)
  })

  mount(app, delegationRoutes.rpc, async (c) => {
    // One route for both kinds: a server-managed wallet id needs an authorization signature, a delegated one the app secret.
    const served = await serverWalletRpcRoute(ctx, c)
    if (served) return c.json(served)
    requireAppSecret(c)
    const request = await readBody(c, walletRpcBody)
    return c.json((await signWithDelegation(ctx, c.var.app, c.req.param('wallet_id'), request)) satisfies WalletRpcResponse)
  })
}
