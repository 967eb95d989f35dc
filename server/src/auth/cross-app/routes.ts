import { Hono } from 'hono'
import type { CrossAppConnectionsResponse, CrossAppDetailsDto } from '../../../../src/protocol/index.js'
import { getApp } from '../../apps/store.js'
import type { ServerContext } from '../../context.js'
import { notFound } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { findConnections, toConnectionDto } from './connections.js'
import { authorizeRequester, checkTransactRequester, showRequester } from './provider-page.js'
import {
  authenticateWithProvider,
  initProviderTransaction,
  linkProviderAccount,
  transferProviderAccount,
  unlinkProviderAccount,
} from './requester-side.js'

/** `GET /api/v1/apps/{app_id}/cross-app/{connections,details}` (public, like the app config). */
export function crossAppAppRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.get('/:app_id/cross-app/connections', async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    const body: CrossAppConnectionsResponse = { connections: (await findConnections(ctx.db, app.id)).map(toConnectionDto) }
    return c.json(body)
  })
  routes.get('/:app_id/cross-app/details', async (c) => {
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
  return routes
}

/**
 * `/api/v1/cross-app/*`. The provider's page (with the provider app's header and its user's session)
 * asks who is requesting and authorizes; the requester (its own header) redeems the code to sign in,
 * link, unlink, take over an account another user holds (transfer), or start a transaction.
 */
export function crossAppRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.get('/requesters/:app_id', (c) => showRequester(ctx, c))
  routes.post('/transact/requester', (c) => checkTransactRequester(ctx, c))
  routes.post('/authorize', (c) => authorizeRequester(ctx, c))
  routes.post('/authenticate', (c) => authenticateWithProvider(ctx, c))
  routes.post('/link', (c) => linkProviderAccount(ctx, c))
  routes.post('/unlink', (c) => unlinkProviderAccount(ctx, c))
  routes.post('/transfer', (c) => transferProviderAccount(ctx, c))
  routes.post('/transact/init', (c) => initProviderTransaction(ctx, c))
  return routes
}
