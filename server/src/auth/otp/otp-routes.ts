import { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { authenticateWithCode, linkWithCode, transferIdentifier, unlinkIdentifier, updateIdentifier } from './otp-account.js'
import { otpBodies, type OtpRouteDeps } from './otp-bodies.js'
import type { OtpChannel } from './otp-channel.js'
import { sendOtpCode } from './otp-send.js'

/**
 * `init, authenticate, link, unlink, update, transfer` for one-time codes on one channel (email or SMS):
 * one implementation of sending, checking and spending codes, ending in the shared login and link paths.
 */
export function otpRoutes(ctx: ServerContext, channel: OtpChannel): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const deps: OtpRouteDeps = { ctx, channel, bodies: otpBodies(channel) }
  routes.post('/init', (c) => sendOtpCode(deps, c))
  routes.post('/authenticate', (c) => authenticateWithCode(deps, c))
  routes.post('/link', (c) => linkWithCode(deps, c))
  routes.post('/unlink', (c) => unlinkIdentifier(deps, c))
  routes.post('/update', (c) => updateIdentifier(deps, c))
  routes.post('/transfer', (c) => transferIdentifier(deps, c))
  return routes
}
