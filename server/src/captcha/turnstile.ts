import { z } from 'zod'
import type { CaptchaSettings } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'

export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** Cloudflare documents 2048 characters as the longest token. */
export const TURNSTILE_TOKEN_MAX_LENGTH = 2048
const SITEVERIFY_TIMEOUT_MS = 10_000

const siteverifyResponse = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() })

const unavailable = () => new ApiError(503, 'internal_error', 'Could not verify the captcha, try again later')

/**
 * Asks Cloudflare's siteverify (or the app's `verifyUrl` override) whether a Turnstile token is good.
 * A rejected token is `false`; an unreachable or misbehaving verifier is a 503, never a pass.
 */
export async function verifyTurnstileToken(ctx: ServerContext, settings: CaptchaSettings, token: string, remoteIp: string | null): Promise<boolean> {
  if (token.length > TURNSTILE_TOKEN_MAX_LENGTH) return false
  if (!settings.secretKey) {
    ctx.logger.error('Turnstile is on but the app has no secret key')
    throw unavailable()
  }
  const form = new URLSearchParams({ secret: settings.secretKey, response: token })
  if (remoteIp) form.set('remoteip', remoteIp)
  let body: unknown
  try {
    const response = await fetch(settings.verifyUrl ?? TURNSTILE_SITEVERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`)
    body = await response.json()
  } catch (error) {
    ctx.logger.error({ err: (error as Error).message }, 'Turnstile siteverify failed')
    throw unavailable()
  }
  const parsed = siteverifyResponse.safeParse(body)
  if (!parsed.success) {
    ctx.logger.error('Turnstile siteverify answered an unexpected body')
    throw unavailable()
  }
  if (!parsed.data.success) ctx.logger.info({ errorCodes: parsed.data['error-codes'] ?? [] }, 'Turnstile token rejected')
  return parsed.data.success
}
