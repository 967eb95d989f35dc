/** How a code travels: email, a text message, or a WhatsApp message. */
export const deliveryChannels = ['email', 'sms', 'whatsapp'] as const
export type DeliveryChannel = (typeof deliveryChannels)[number]

/** One one-time-code message to deliver. */
export interface CodeMessage {
  appId: string
  /** An email address, or an E.164 phone number for sms and whatsapp. */
  to: string
  channel: DeliveryChannel
  code: string
  /** Emails only. */
  subject?: string
  text: string
}

/** Sends code messages on the channels it lists: the dev outbox, SMTP, Twilio, or a test capture. */
export interface Delivery {
  readonly kind: string
  readonly channels: readonly DeliveryChannel[]
  send(message: CodeMessage): Promise<void>
}
