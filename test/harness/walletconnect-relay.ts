/**
 * A stand-in for the WalletConnect relay (relay.walletconnect.org, out of reach here) on loopback: the relay's
 * WebSocket JSON-RPC as @walletconnect/core 2.25 speaks it. Clients subscribe to topics and publish opaque
 * (end-to-end encrypted) messages to them; the relay pushes each message to the topic's other subscribers
 * (`irn_subscription`, which they acknowledge) and keeps it for its TTL, so a subscriber that comes later, or asks
 * with `irn_fetchMessages`, still gets it. The session relay methods `wc_proposeSession` and `wc_approveSession`
 * carry a proposal and its answer as publishes. A connection must name a project id and carry a valid `auth` JWT.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import { verifyRelayAuth } from './walletconnect-relay-auth.js'

export interface WalletConnectRelay {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` clients are given. */
  url: string
  port: number
  close(): Promise<void>
}

export interface WalletConnectRelayOptions {
  /** The project ids accepted; any 32 hex digits when absent. */
  projectIds?: string[]
  port?: number
  /** How often the relay pings each socket (the Node client restarts its transport without pings). */
  pingIntervalMs?: number
}

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  tag: number
  expiresAt: number
  attestation?: string
}
interface Client {
  socket: WebSocket
  clientId: string
  topics: Set<string>
}
interface JsonRpcRequest {
  id: number | string
  jsonrpc: '2.0'
  method: string
  params?: Record<string, unknown>
}

/** The tags the relay gives what the session relay methods publish (WalletConnect's sign protocol numbers). */
const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const
const DEFAULT_TTL_SECONDS = 300
const MAX_TTL_SECONDS = 30 * 24 * 3600

export class RelayParamsError extends Error {}

const hex = (text: string) => createHash('sha256').update(text).digest('hex')
/** The id the client computes for its own subscription (sha256 of topic and client id). */
const subscriptionId = (topic: string, clientId: string) => hex(topic + clientId)

const isProjectId = (value: string | null, allowed?: string[]) => !!value && /^[0-9a-f]{32}$/.test(value) && (!allowed || allowed.includes(value))

function text(params: Record<string, unknown> | undefined, name: string): string {
  const value = params?.[name]
  if (typeof value !== 'string' || !value) throw new RelayParamsError(`${name} must be a non-empty string`)
  return value
}

function texts(params: Record<string, unknown> | undefined, name: string): string[] {
  const value = params?.[name]
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item)) throw new RelayParamsError(`${name} must be a list of topics`)
  return value as string[]
}

function ttlOf(params: Record<string, unknown> | undefined): number {
  const ttl = params?.ttl ?? DEFAULT_TTL_SECONDS
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0 || ttl > MAX_TTL_SECONDS)
    throw new RelayParamsError('ttl must be a whole number of seconds')
  return ttl
}

/** The messages kept per topic until their TTL, and which client has had which. */
function mailbox(now: () => number) {
  const byTopic = new Map<string, StoredMessage[]>()
  const delivered = new Map<string, Set<StoredMessage>>()
  const live = (topic: string) => {
    const kept = (byTopic.get(topic) ?? []).filter((message) => message.expiresAt > now())
    byTopic.set(topic, kept)
    return kept
  }
  return {
    add(message: StoredMessage) {
      live(message.topic).push(message)
    },
    /** The topic's messages this client has not had yet, now marked as had. */
    take(clientId: string, topic: string): StoredMessage[] {
      const had = delivered.get(clientId) ?? new Set()
      delivered.set(clientId, had)
      const fresh = live(topic).filter((message) => !had.has(message))
      for (const message of fresh) had.add(message)
      return fresh
    },
  }
}

export async function startWalletConnectRelay(options: WalletConnectRelayOptions = {}): Promise<WalletConnectRelay> {
  const clients = new Set<Client>()
  const messages = mailbox(() => Date.now())
  let pushId = Date.now() * 1000

  const push = (client: Client, stored: StoredMessage) => {
    const { topic, message, publishedAt, tag, attestation } = stored
    const data = { topic, message, publishedAt, tag, ...(attestation && { attestation }) }
    client.socket.send(
      JSON.stringify({ id: ++pushId, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscriptionId(topic, client.clientId), data } }),
    )
  }

  const deliverTo = (client: Client, topic: string) => {
    for (const stored of messages.take(client.clientId, topic)) push(client, stored)
  }

  function publish(sender: Client, topic: string, message: string, tag: number, ttl: number, attestation?: unknown) {
    const stored: StoredMessage = {
      topic,
      message,
      tag,
      publishedAt: Date.now(),
      expiresAt: Date.now() + ttl * 1000,
      ...(typeof attestation === 'string' && attestation && { attestation }),
    }
    messages.add(stored)
    // The sender has its own message already.
    messages.take(sender.clientId, topic)
    for (const client of clients) if (client !== sender && client.topics.has(topic)) deliverTo(client, topic)
  }

  function subscribe(client: Client, topic: string) {
    client.topics.add(topic)
    // After the answer, so the client knows the subscription before its first message.
    setImmediate(() => client.socket.readyState === client.socket.OPEN && deliverTo(client, topic))
    return subscriptionId(topic, client.clientId)
  }

  const fetched = (client: Client, topics: string[]) => ({
    messages: topics
      .flatMap((topic) => messages.take(client.clientId, topic))
      .map(({ topic, message, publishedAt, tag, attestation }) => ({ topic, message, publishedAt, tag, ...(attestation && { attestation }) })),
    hasMore: false,
  })

  /** One JSON-RPC method's answer; the `irn_` prefix is the relay protocol's. */
  function answer(client: Client, method: string, params: Record<string, unknown> | undefined): unknown {
    switch (method) {
      case 'irn_subscribe':
        return subscribe(client, text(params, 'topic'))
      case 'irn_batchSubscribe':
        return texts(params, 'topics').map((topic) => subscribe(client, topic))
      case 'irn_unsubscribe':
        return client.topics.delete(text(params, 'topic')) || true
      case 'irn_batchUnsubscribe': {
        const subscriptions = params?.subscriptions
        if (!Array.isArray(subscriptions)) throw new RelayParamsError('subscriptions must be a list')
        for (const subscription of subscriptions) client.topics.delete(text(subscription as Record<string, unknown>, 'topic'))
        return true
      }
      case 'irn_publish':
        publish(client, text(params, 'topic'), text(params, 'message'), Number(params?.tag ?? 0), ttlOf(params), params?.attestation)
        return true
      case 'irn_batchPublish': {
        const batch = params?.messages
        if (!Array.isArray(batch)) throw new RelayParamsError('messages must be a list')
        for (const item of batch as Record<string, unknown>[])
          publish(client, text(item, 'topic'), text(item, 'message'), Number(item.tag ?? 0), ttlOf(item), item.attestation)
        return true
      }
      case 'irn_fetchMessages':
        return fetched(client, [text(params, 'topic')])
      case 'irn_batchFetchMessages':
        return fetched(client, texts(params, 'topics'))
      // The proposer (dapp) and the approver (wallet) skip their own subscribe: the relay subscribes them.
      case 'wc_proposeSession':
        subscribe(client, text(params, 'pairingTopic'))
        publish(client, text(params, 'pairingTopic'), text(params, 'sessionProposal'), TAGS.sessionPropose, ttlOf(params), params?.attestation)
        return true
      case 'wc_approveSession': {
        const ttl = ttlOf(params)
        subscribe(client, text(params, 'sessionTopic'))
        publish(client, text(params, 'pairingTopic'), text(params, 'sessionProposalResponse'), TAGS.sessionProposeResponse, ttl)
        publish(client, text(params, 'sessionTopic'), text(params, 'sessionSettlementRequest'), TAGS.sessionSettle, ttl)
        return true
      }
      default:
        return undefined
    }
  }

  function onMessage(client: Client, raw: string) {
    let payload: JsonRpcRequest & { result?: unknown; error?: unknown }
    try {
      payload = JSON.parse(raw)
    } catch {
      client.socket.send(JSON.stringify({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }))
      return
    }
    // An acknowledgement of an `irn_subscription` push.
    if (!payload.method) return
    const reply = (body: object) => client.socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', ...body }))
    try {
      const result = answer(client, payload.method, payload.params)
      reply(result === undefined ? { error: { code: -32601, message: `Method not found: ${payload.method}` } } : { result })
    } catch (error) {
      if (!(error instanceof RelayParamsError)) throw error
      reply({ error: { code: -32602, message: `Invalid params: ${error.message}` } })
    }
  }

  const server = new WebSocket.Server({
    host: '127.0.0.1',
    port: options.port ?? 0,
    verifyClient: (info, done) => done(!!authorise(info.req), 401, 'Unauthorized'),
  })

  function authorise(request: IncomingMessage): { clientId: string } | null {
    const query = new URL(request.url ?? '/', 'ws://relay').searchParams
    if (!isProjectId(query.get('projectId'), options.projectIds)) return null
    return verifyRelayAuth(query.get('auth'))
  }

  server.on('connection', (socket, request) => {
    const { clientId } = authorise(request)!
    const client: Client = { socket, clientId, topics: new Set() }
    clients.add(client)
    socket.on('message', (data) => onMessage(client, data.toString()))
    socket.on('close', () => clients.delete(client))
  })

  const pinger = setInterval(() => {
    for (const client of clients) client.socket.ping()
  }, options.pingIntervalMs ?? 10_000)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    async close() {
      clearInterval(pinger)
      for (const client of clients) client.socket.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A project id for the stand-in (any 32 hex digits pass; the real relay checks WalletConnect Cloud). */
export const randomProjectId = () => randomBytes(16).toString('hex')
