/**
 * A server in a process of its own on DATABASE_URL, for the scale-out tests: it tells the parent its URL, then every
 * code it sends, over IPC. argv[2]: its rate limits as JSON.
 */
import { deliveryChannels, type Delivery } from '../delivery/types.js'
import { startServer } from '../server.js'

const send = (message: unknown) => process.send!(message)
const delivery: Delivery = { kind: 'capture', channels: deliveryChannels, send: async ({ to, code }) => void send({ to, code }) }
const server = await startServer({ port: 0, quiet: true, rateLimits: JSON.parse(process.argv[2] ?? '{}') }, { delivery })
send({ url: server.url })
process.on('disconnect', () => void server.close().finally(() => process.exit(0)))
