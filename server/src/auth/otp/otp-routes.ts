import type { Hono } from 'hono'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { mount } from '../../http/mount.js'
import { authenticateWithCode, linkWithCode, transferIdentifier, unlinkIdentifier, updateIdentifier } from './otp-account.js'
import { otpBodies, type OtpRouteDeps } from './otp-bodies.js'
import type { OtpChannel } from './otp-channel.js'
import { sendOtpCode } from './otp-send.js'

/**
 * `init, authenticate, link, unlink, update, transfer` for one-time codes on one channel (email or SMS):
 * one implementation of sending, checking and spending codes, ending in the shared login and link paths.
 */
export function mountOtpRoutes(app: Hono<AppEnv>, ctx: ServerContext, channel: OtpChannel): void {
  const deps: OtpRouteDeps = { ctx, channel, bodies: otpBodies(channel) }
  const { routes } = channel
  mount(app, routes.init, (c) => sendOtpCode(deps, c))
  mount(app, routes.authenticate, (c) => authenticateWithCode(deps, c))
  mount(app, routes.link, (c) => linkWithCode(deps, c))
  mount(app, routes.unlink, (c) => unlinkIdentifier(deps, c))
  mount(app, routes.update, (c) => updateIdentifier(deps, c))
  mount(app, routes.transfer, (c) => transferIdentifier(deps, c))
}
