import { Hono } from 'hono'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/env.js'
import { unenrollFactor } from './routes/factor-change.js'
import { initPasskeyCheck, setPasskeyEnrollment, verifyPasskey } from './routes/passkey.js'
import { enrollSms, sendSmsCode, verifySms } from './routes/sms.js'
import { enrollTotp, initTotp, verifyTotp } from './routes/totp.js'

/**
 * `POST /api/v1/mfa/*` (src/protocol/mfa.ts), each behind the access token. A `verify` answers an MFA token bound to
 * this session; wrong answers count toward the user's lockout across factors (docs/security.md #50). Changing factors needs a
 * fresh MFA token once the user has any (docs/security.md #49).
 */
export function mfaApiRoutes(ctx: ServerContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post('/totp/init', (c) => initTotp(ctx, c))
  routes.post('/totp/enroll', (c) => enrollTotp(ctx, c))
  routes.post('/totp/verify', (c) => verifyTotp(ctx, c))
  routes.post('/totp/unenroll', (c) => unenrollFactor(ctx, c, 'totp'))
  routes.post('/passwordless_sms/init', (c) => sendSmsCode(ctx, c))
  routes.post('/passwordless_sms/enroll', (c) => enrollSms(ctx, c))
  routes.post('/passwordless_sms/verify', (c) => verifySms(ctx, c))
  routes.post('/passwordless_sms/unenroll', (c) => unenrollFactor(ctx, c, 'sms'))
  routes.post('/passkeys/init', (c) => initPasskeyCheck(ctx, c))
  routes.post('/passkeys/verify', (c) => verifyPasskey(ctx, c))
  routes.post('/passkeys/enrollment', (c) => setPasskeyEnrollment(ctx, c))
  return routes
}
