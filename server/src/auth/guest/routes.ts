import type { Hono } from 'hono'
import { z } from 'zod'
import type { ServerContext } from '../../context.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { assertAllowlisted, assertLoginMethodEnabled } from '../shared/access-control.js'
import { signInOrSignUp } from '../shared/complete-login.js'
import { hashGuestCredential, parseGuestCredential } from './guest-credential.js'
import { findGuestUserId, recordGuest } from './guest-store.js'
import { mount } from '../../http/mount.js'
import { guestAuthenticateRoute } from '../../../../src/protocol/routes/guest.js'

const authenticateBody = z.object({ guest_credential: safeString(128) })

/**
 * `POST /api/v1/guest/authenticate`: the client's stored random credential is the guest's only key.
 * A guest has no identifier, so an app with an allowlist on admits no guests.
 */
export function mountGuestRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, guestAuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'guest')
    // Each new credential makes a user: the per-IP limit comes first.
    const ip = requireClientIp(c, ctx.trustProxy)
    await hitRateLimit(ctx.db, ctx.clock, `auth-ip:${ip}`, ctx.rateLimits.authenticatePerIp)
    const { guest_credential } = await readBody(c, authenticateBody)
    const credentialHash = hashGuestCredential(ctx.secret, parseGuestCredential(guest_credential))
    assertAllowlisted(app, [])
    const login = await signInOrSignUp(ctx, app, {
      findUserId: (tx) => findGuestUserId(tx, app.id, credentialHash),
      recordNewUser: (tx, userId, now) => recordGuest(tx, app.id, userId, credentialHash, now),
    })
    return c.json(login.body)
  })
}
