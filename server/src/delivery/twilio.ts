import type { CodeMessage, Delivery, DeliveryChannel } from './types.js'

/** A Twilio account (or any service speaking Twilio's Messages API) and the senders it uses. */
export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** Sender of SMS: an E.164 number or a messaging service's alphanumeric id. Null: no SMS. */
  from: string | null
  /** Sender of WhatsApp messages (E.164, with or without the `whatsapp:` prefix). Null: no WhatsApp. */
  whatsappFrom: string | null
  /** API origin; `https://api.twilio.com` unless overridden (tests point it at a local server). */
  apiUrl: string
}

export const TWILIO_API_URL = 'https://api.twilio.com'
const REQUEST_TIMEOUT_MS = 10_000

const whatsappAddress = (number: string) => (number.startsWith('whatsapp:') ? number : `whatsapp:${number}`)

/** Texts through Twilio's Messages API: a form-encoded POST with HTTP basic auth, answered 201 with the message resource. */
export function createTwilioDelivery(settings: TwilioSettings): Delivery {
  const channels: DeliveryChannel[] = []
  if (settings.from) channels.push('sms')
  if (settings.whatsappFrom) channels.push('whatsapp')
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`
  return {
    kind: 'twilio',
    channels,
    async send(message: CodeMessage) {
      const whatsapp = message.channel === 'whatsapp'
      const from = whatsapp ? settings.whatsappFrom : settings.from
      if (!from || message.channel === 'email') throw new Error(`Twilio is not set up for the ${message.channel} channel`)
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          To: whatsapp ? whatsappAddress(message.to) : message.to,
          From: whatsapp ? whatsappAddress(from) : from,
          Body: message.text,
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      if (response.ok) return
      // Twilio's error resource is {code, message, more_info, status}; it never echoes the Body, so it is safe to log.
      const error = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown }
      throw new Error(
        `Twilio answered ${response.status}${error.code ? ` (error ${String(error.code)})` : ''}: ${String(error.message ?? response.statusText)}`,
      )
    },
  }
}
