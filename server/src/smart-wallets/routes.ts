import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import { notFound } from '../http/api-error.js'
import { getApp } from '../apps/store.js'
import { toSmartWalletConfigDto } from './smart-wallet-config-dto.js'
import { mount } from '../http/mount.js'
import { smartWalletConfigRoute } from '../../../src/protocol/routes/app.js'
import type { AppEnv } from '../http/env.js'

/** `GET /api/v1/apps/:app_id/smart_wallets`: public like the app config (the client reads it before any sign-in). */
export function mountSmartWalletConfigRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, smartWalletConfigRoute, async (c) => {
    const app = await getApp(ctx.db, c.req.param('app_id'))
    if (!app) throw notFound('App not found')
    return c.json(toSmartWalletConfigDto(app.smartWallets))
  })
}
