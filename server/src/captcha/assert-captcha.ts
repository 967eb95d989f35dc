import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import { verifyAltchaToken } from './altcha.js'
import { verifyTurnstileToken } from './turnstile.js'

export const invalidCaptcha = () => new ApiError(400, 'invalid_captcha', 'Invalid captcha')

/**
 * Checks the CAPTCHA token an init call carries when the app turned CAPTCHA on (a no-op otherwise):
 * 400 `invalid_captcha` when it is missing, forged, expired, already used or rejected by Turnstile.
 * `remoteIp` is passed on to Turnstile's siteverify.
 */
export async function assertCaptcha(ctx: ServerContext, app: AppRecord, token: string | null | undefined, remoteIp?: string | null): Promise<void> {
  const captcha = app.captcha
  if (!captcha) return
  if (!token) throw invalidCaptcha()
  const valid =
    captcha.provider === 'turnstile' ? await verifyTurnstileToken(ctx, captcha, token, remoteIp ?? null) : await verifyAltchaToken(ctx, app.id, token)
  if (!valid) throw invalidCaptcha()
}
