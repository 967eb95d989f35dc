import { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { enrollLoginTotp, initLoginTotp, unenrollLoginTotp } from './factor-change.js'
import { verifyLoginTotp } from './verify.js'

/**
 * `POST /api/v1/mfa_auth/totp/*` (src/protocol/mfa-auth.ts): the sign-in authenticator app. Wrong codes count toward
 * the user's MFA lockout shared with wallet-action MFA (docs/security.md #50); changing the factor once enrolled needs a check
 * passed in this session within 15 minutes, and ends the user's other sessions (docs/security.md #49, #63).
 */
export function mfaAuthRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post('/totp/init', (c) => initLoginTotp(ctx, c))
  routes.post('/totp/enroll', (c) => enrollLoginTotp(ctx, c))
  routes.post('/totp/verify', (c) => verifyLoginTotp(ctx, c))
  routes.post('/totp/unenroll', (c) => unenrollLoginTotp(ctx, c))
  return routes
}
