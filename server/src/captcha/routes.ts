import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { createAltchaChallenge } from './altcha.js'
import { mount } from '../http/mount.js'
import { captchaChallengeRoute } from '../../../src/protocol/routes/app.js'

/** `GET /api/v1/captcha/challenge`: a fresh ALTCHA challenge for an app whose CAPTCHA is the embedded ALTCHA. */
export function mountCaptchaRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, captchaChallengeRoute, async (c) => {
    const app = c.var.app
    if (app.captcha?.provider !== 'altcha') throw new ApiError(400, 'feature_not_enabled', 'ALTCHA is not enabled for this app')
    c.header('Cache-Control', 'no-store')
    return c.json(await createAltchaChallenge(ctx, app.id, app.captcha))
  })
}
