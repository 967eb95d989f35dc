import type { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { unenrollFactor } from './routes/factor-change.js'
import { initPasskeyCheck, setPasskeyEnrollment, verifyPasskey } from './routes/passkey.js'
import { enrollSms, sendSmsCode, verifySms } from './routes/sms.js'
import { enrollTotp, initTotp, verifyTotp } from './routes/totp.js'
import { mount } from '../http/mount.js'
import { mfaRoutes } from '../../../src/protocol/mfa.js'

/**
 * `POST /api/v1/mfa/*` (src/protocol/mfa.ts), each behind the access token. A `verify` answers an MFA token bound to
 * this session; wrong answers count toward the user's lockout across factors (docs/security.md #50). Changing factors needs a
 * fresh MFA token once the user has any (docs/security.md #49).
 */
export function mountMfaApiRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, mfaRoutes.totpInit, (c) => initTotp(ctx, c))
  mount(app, mfaRoutes.totpEnroll, (c) => enrollTotp(ctx, c))
  mount(app, mfaRoutes.totpVerify, (c) => verifyTotp(ctx, c))
  mount(app, mfaRoutes.totpUnenroll, (c) => unenrollFactor(ctx, c, 'totp'))
  mount(app, mfaRoutes.smsInit, (c) => sendSmsCode(ctx, c))
  mount(app, mfaRoutes.smsEnroll, (c) => enrollSms(ctx, c))
  mount(app, mfaRoutes.smsVerify, (c) => verifySms(ctx, c))
  mount(app, mfaRoutes.smsUnenroll, (c) => unenrollFactor(ctx, c, 'sms'))
  mount(app, mfaRoutes.passkeyInit, (c) => initPasskeyCheck(ctx, c))
  mount(app, mfaRoutes.passkeyVerify, (c) => verifyPasskey(ctx, c))
  mount(app, mfaRoutes.passkeyEnrollment, (c) => setPasskeyEnrollment(ctx, c))
}
