import type { Hono } from 'hono'
import type { CrossAppConnectionsResponse, CrossAppDetailsDto } from '../../../../src/protocol/index.js'
import { getApp } from '../../apps/store.js'
import type { ServerContext } from '../../context.js'
import { notFound } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { findConnections, toConnectionDto } from './connections.js'
import { authorizeRequester, checkTransactRequester, showRequester } from './provider-page.js'
import { authenticateWithProvider, initProviderTransaction, linkProviderAccount, transferProviderAccount, unlinkProviderAccount } from './requester-side.js'
import { mount } from '../../http/mount.js'
import {
  crossAppAuthenticateRoute,
  crossAppAuthorizeRoute,
  crossAppConnectionsRoute,
  crossAppDetailsRoute,
  crossAppLinkRoute,
  crossAppRequesterRoute,
  crossAppTransactInitRoute,
  crossAppTransactRequesterRoute,
  crossAppTransferRoute,
  crossAppUnlinkRoute,
} from '../../../../src/protocol/routes/cross-app.js'

/** `GET /api/v1/apps/{app_id}/cross-app/{connections,details}` (public, like the app config). */
export function mountCrossAppAppRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, crossAppConnectionsRoute, async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    const body: CrossAppConnectionsResponse = { connections: (await findConnections(ctx.db, app.id)).map(toConnectionDto) }
    return c.json(body)
  })
  mount(app, crossAppDetailsRoute, async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    const body: CrossAppDetailsDto = {
      id: app.id,
      name: app.name,
      icon_url: app.logoUrl,
      authorize_url: app.crossAppProvider?.authorizeUrl ?? null,
      transact_url: app.crossAppProvider?.transactUrl ?? null,
    }
    return c.json(body)
  })
}

/**
 * `/api/v1/cross-app/*`. The provider's page (with the provider app's header and its user's session)
 * asks who is requesting and authorizes; the requester (its own header) redeems the code to sign in,
 * link, unlink, take over an account another user holds (transfer), or start a transaction.
 */
export function mountCrossAppRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, crossAppRequesterRoute, (c) => showRequester(ctx, c))
  mount(app, crossAppTransactRequesterRoute, (c) => checkTransactRequester(ctx, c))
  mount(app, crossAppAuthorizeRoute, (c) => authorizeRequester(ctx, c))
  mount(app, crossAppAuthenticateRoute, (c) => authenticateWithProvider(ctx, c))
  mount(app, crossAppLinkRoute, (c) => linkProviderAccount(ctx, c))
  mount(app, crossAppUnlinkRoute, (c) => unlinkProviderAccount(ctx, c))
  mount(app, crossAppTransferRoute, (c) => transferProviderAccount(ctx, c))
  mount(app, crossAppTransactInitRoute, (c) => initProviderTransaction(ctx, c))
}
