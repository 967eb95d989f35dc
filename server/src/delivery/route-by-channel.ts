import type { Delivery } from './types.js'

/**
 * One delivery over several: each message goes to the first one that serves its channel (so in dev
 * mode a configured Twilio sends texts while the outbox takes the rest). Null when none is configured.
 */
export function routeByChannel(...candidates: (Delivery | null)[]): Delivery | null {
  const deliveries = candidates.filter((delivery): delivery is Delivery => delivery !== null)
  if (deliveries.length <= 1) return deliveries[0] ?? null
  return {
    kind: deliveries.map((delivery) => delivery.kind).join('+'),
    channels: [...new Set(deliveries.flatMap((delivery) => delivery.channels))],
    async send(message) {
      const delivery = deliveries.find((candidate) => candidate.channels.includes(message.channel))
      if (!delivery) throw new Error(`No delivery for the ${message.channel} channel`)
      await delivery.send(message)
    },
  }
}
