import { captchaChallengeRoute, type CaptchaChallengeDto } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** A fresh ALTCHA proof-of-work challenge for the app (embedded CAPTCHA). */
export function getCaptchaChallenge(transport: Transport, signal?: AbortSignal): Promise<CaptchaChallengeDto> {
  return transport.request(captchaChallengeRoute, { signal })
}
