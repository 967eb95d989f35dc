import { deliveryChannels, type CodeMessage, type Delivery } from '../delivery/types.js'

/** Keeps sent messages of every channel in memory so a test can read the codes (stands in for a mailbox and a phone). */
export class CaptureDelivery implements Delivery {
  readonly kind = 'capture'
  readonly channels = deliveryChannels
  readonly messages: CodeMessage[] = []
  async send(message: CodeMessage): Promise<void> {
    this.messages.push(message)
  }
  lastMessage(to: string): CodeMessage {
    const message = this.messages.findLast((m) => m.to === to.toLowerCase())
    if (!message) throw new Error(`No code was sent to ${to}`)
    return message
  }
  lastCode(to: string): string {
    return this.lastMessage(to).code
  }
}
