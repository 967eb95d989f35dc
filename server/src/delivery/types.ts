/** One one-time-code message to deliver. */
export interface CodeMessage {
  appId: string
  to: string
  channel: 'email'
  code: string
  subject: string
  text: string
}

/** Sends code messages: the dev outbox, SMTP, or a test capture. */
export interface Delivery {
  readonly kind: string
  send(message: CodeMessage): Promise<void>
}
