/** Which CAPTCHA the app uses, from its site key (sign-in spec, "Validation rules"; docs/decisions.md "Sign-in methods (issue #3)": "CAPTCHA site keys"). */
import { captchaSiteKeyPrefixes } from '../../protocol/index.js'
import type { EffectiveConfig } from '../config/types.js'
import { UNSUPPORTED_CAPTCHA_SITE_KEY_MESSAGE, unsupportedCaptchaSiteKeyError } from '../errors/client-errors.js'
import type { CaptchaState } from './types.js'

export interface CaptchaSiteKey {
  provider: NonNullable<CaptchaState['provider']>
  /** The key without its prefix: Turnstile's site key, or the app id for ALTCHA. */
  key: string
}

/** `t:<key>` is Turnstile, `a:<app id>` the embedded ALTCHA; null for anything else. */
function readSiteKey(siteKey: string | null): CaptchaSiteKey | null {
  for (const provider of ['turnstile', 'altcha'] as const) {
    const prefix = captchaSiteKeyPrefixes[provider]
    if (siteKey?.startsWith(prefix) && siteKey.length > prefix.length) return { provider, key: siteKey.slice(prefix.length) }
  }
  return null
}

/** Throws 'Unsupported captcha site key' for a key of neither kind. */
export function parseCaptchaSiteKey(siteKey: string | null): CaptchaSiteKey {
  const parsed = readSiteKey(siteKey)
  if (!parsed) throw unsupportedCaptchaSiteKeyError()
  return parsed
}

/** The resting state for a config: disabled when CAPTCHA is off, ready when on, error for a bad key. */
export function captchaStateFor(config: Pick<EffectiveConfig, 'captchaEnabled' | 'captchaSiteKey'>): CaptchaState {
  if (!config.captchaEnabled) return { status: 'disabled', provider: null, token: null, error: null }
  const parsed = readSiteKey(config.captchaSiteKey)
  return parsed
    ? { status: 'ready', provider: parsed.provider, token: null, error: null }
    : { status: 'error', provider: null, token: null, error: UNSUPPORTED_CAPTCHA_SITE_KEY_MESSAGE }
}
