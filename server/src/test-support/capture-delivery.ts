import type { CodeMessage, Delivery } from '../delivery/types.js'

/** Keeps sent messages in memory so a test can read the codes (stands in for a mailbox). */
export class CaptureDelivery implements Delivery {
  readonly kind = 'capture'
  readonly messages: CodeMessage[] = []
  async send(message: CodeMessage): Promise<void> {
    this.messages.push(message)
  }
  lastCode(to: string): string {
    const message = this.messages.findLast((m) => m.to === to.toLowerCase())
    if (!message) throw new Error(`No code was sent to ${to}`)
    return message.code
  }
}
