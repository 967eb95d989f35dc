import type { Hono } from 'hono'
import type { MoonpayOnRampSignResponse } from '../../../../src/protocol/funding.js'
import { randomId } from '../../apps/app-id.js'
import type { AppRecord, MoonpayKeys, MoonpaySettings } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { ownOrigin } from '../../wallets/frame-origin.js'
import { fundingCaller } from '../funding-caller.js'
import { recordFundingReference } from '../funding-store.js'
import { assertOwnWallets } from '../own-wallets.js'
import { FUNDING_SESSIONS_PER_USER } from '../rate-limits.js'
import { requireMoonpay } from '../require-provider.js'
import { moonpaySignBody, widgetParams } from './sign-body.js'
import { signWidgetUrl } from './sign-widget-url.js'
import { mount } from '../../http/mount.js'
import { fundingRoutes } from '../../../../src/protocol/funding.js'

/** An external transaction id is random (≥128 bits): it is all the public status copy asks for. */
export const EXTERNAL_TRANSACTION_ID_LENGTH = 32
/** Where this server answers the second provider's status from its webhooks (`moonpayStatusRoutes`). */
export const MOONPAY_STATUS_PATH = fundingRoutes.moonpayTransaction.path.replace('/:id', '')

function keysFor(settings: MoonpaySettings, useSandbox: boolean): { keys: MoonpayKeys; widgetUrl: string } {
  if (!useSandbox) return { keys: settings, widgetUrl: settings.widgetUrl }
  if (!settings.sandbox) throw new ApiError(403, 'feature_not_enabled', 'MoonPay sandbox keys are not configured for this app')
  return { keys: settings.sandbox, widgetUrl: settings.sandboxWidgetUrl }
}

/** Where the client polls the purchase: this server's copy of the webhooks when the app receives them, else MoonPay's own API. */
function statusUrlFor(app: AppRecord, settings: MoonpaySettings, keys: MoonpayKeys, origin: string, externalTransactionId: string): string {
  const id = encodeURIComponent(externalTransactionId)
  return settings.webhookKey
    ? `${origin}${MOONPAY_STATUS_PATH}/${id}?apiKey=${encodeURIComponent(app.id)}`
    : `${settings.apiUrl}/v1/transactions/ext/${id}?apiKey=${encodeURIComponent(keys.publishableKey)}`
}

/**
 * `POST /api/v1/plugins/moonpay_on_ramp/sign` (funding spec, "The calls it makes"): the server builds the widget URL from the app's keys
 * and the user's own wallet (never a URL the caller hands it) and signs it (docs/security.md #65).
 */
export function mountMoonpayRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, fundingRoutes.moonpayOnRampSign, async (c) => {
    const { claims, app, settings } = await fundingCaller(ctx, c, requireMoonpay, 'funding-session-user', FUNDING_SESSIONS_PER_USER)
    const request = await readBody(c, moonpaySignBody)
    await assertOwnWallets(ctx.db, app.id, claims.userId, [request.address])
    const { keys, widgetUrl } = keysFor(settings, request.useSandbox)
    const externalTransactionId = randomId(EXTERNAL_TRANSACTION_ID_LENGTH)
    const signedUrl = signWidgetUrl(widgetUrl, widgetParams(request, keys.publishableKey, externalTransactionId), keys.secretKey)
    await recordFundingReference(
      ctx.db,
      {
        provider: 'moonpay',
        reference: externalTransactionId,
        appId: app.id,
        userId: claims.userId,
        addresses: [request.address],
        details: { sandbox: request.useSandbox },
      },
      ctx.clock.now(),
    )
    const statusUrl = statusUrlFor(app, settings, keys, ownOrigin(c, ctx.trustProxy), externalTransactionId)
    return c.json({ signedUrl, externalTransactionId, statusUrl } satisfies MoonpayOnRampSignResponse)
  })
}
