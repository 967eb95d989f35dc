import nodemailer from 'nodemailer'
import type { CodeMessage, Delivery } from './types.js'

/** Email through SMTP (`SMTP_URL`, e.g. smtps://user:pass@host:465, and `MAIL_FROM`). */
export function createSmtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    kind: 'smtp',
    channels: ['email'],
    async send(message: CodeMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text })
    },
  }
}
