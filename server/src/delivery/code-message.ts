import { OTP_TTL_SECONDS } from '../../../src/protocol/index.js'
import type { CodeMessage } from './types.js'

/** The email that carries a one-time code. */
export function codeEmail(appId: string, appName: string, to: string, code: string): CodeMessage {
  return {
    appId,
    to,
    channel: 'email',
    code,
    subject: `${code} is your login code for ${appName}`,
    text: `Your login code for ${appName} is ${code}. It expires in ${OTP_TTL_SECONDS / 60} minutes. If you did not ask for it, ignore this email.`,
  }
}
