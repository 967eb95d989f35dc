import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { enrollLoginTotp, initLoginTotp, unenrollLoginTotp } from './factor-change.js'
import { verifyLoginTotp } from './verify.js'
import { mount } from '../http/mount.js'
import { mfaAuthRoutes } from '../../../src/protocol/mfa-auth.js'

/**
 * `POST /api/v1/mfa_auth/totp/*` (src/protocol/mfa-auth.ts): the sign-in authenticator app. Wrong codes count toward
 * the user's MFA lockout shared with wallet-action MFA (docs/security.md #50); changing the factor once enrolled needs a check
 * passed in this session within 15 minutes, and ends the user's other sessions (docs/security.md #49, #63).
 */
export function mountMfaAuthRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, mfaAuthRoutes.totpInit, (c) => initLoginTotp(ctx, c))
  mount(app, mfaAuthRoutes.totpEnroll, (c) => enrollLoginTotp(ctx, c))
  mount(app, mfaAuthRoutes.totpVerify, (c) => verifyLoginTotp(ctx, c))
  mount(app, mfaAuthRoutes.totpUnenroll, (c) => unenrollLoginTotp(ctx, c))
}
