import { OTP_TTL_SECONDS, SMS_OTP_TTL_SECONDS } from '../../../src/protocol/index.js'
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

/** The text (SMS or WhatsApp) that carries a one-time code: short, code first, so it fits one segment. */
export function codeText(appId: string, appName: string, to: string, code: string, channel: 'sms' | 'whatsapp'): CodeMessage {
  return {
    appId,
    to,
    channel,
    code,
    text: `${code} is your login code for ${appName}. It expires in ${SMS_OTP_TTL_SECONDS / 60} minutes. Do not share it.`,
  }
}
