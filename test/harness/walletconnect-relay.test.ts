import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyTypedData, type Hex } from 'viem'
import WebSocket from 'ws'
import { createClient } from '../../src/core/client.js'
import { createMemoryStorage } from '../../src/core/session/storage.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, TEST_APP_ID } from '../../src/core/test-support/fixtures.js'
import type { TesseraClient } from '../../src/core/types.js'
import { signClientSession } from '../../src/core/wallets/wallet-connect/sign-client-session.js'
import { startWalletConnectRelay, type WalletConnectRelay } from './walletconnect-relay.js'
import { verifyRelayAuth } from './walletconnect-relay-auth.js'
import { startWalletConnectWallet, type WalletConnectWallet } from './walletconnect-wallet.js'

const PROJECT_ID = '0123456789abcdef0123456789abcdef'
let relay: WalletConnectRelay

beforeAll(async () => {
  // Each test's dapp is a client of its own, as each page is (the SDK keeps one core per process otherwise).
  process.env.DISABLE_GLOBAL_CORE = 'true'
  relay = await startWalletConnectRelay({ projectIds: [PROJECT_ID] })
})
afterAll(() => relay.close())

async function relayJwt(aud = relay.url, ttlSeconds = 60) {
  return signJWT(crypto.randomUUID(), aud, ttlSeconds, generateKeyPair())
}

interface RawClient {
  call(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }>
  /** The `irn_subscription` pushes received so far (each acknowledged). */
  pushes: { id: string; data: { topic: string; message: string; tag: number } }[]
  close(): void
}

/** A relay client written from the protocol, for what the SDK clients never send. */
async function rawClient(query?: string): Promise<RawClient> {
  const socket = new WebSocket(`${relay.url}/?${query ?? `projectId=${PROJECT_ID}&auth=${await relayJwt()}`}`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const pending = new Map<number, (answer: never) => void>()
  const pushes: RawClient['pushes'] = []
  socket.on('message', (raw) => {
    const payload = JSON.parse(raw.toString())
    if (payload.method === 'irn_subscription') {
      pushes.push(payload.params)
      socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
    } else pending.get(payload.id)?.(payload as never)
  })
  let nextId = 1
  return {
    call: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      }),
    pushes,
    close: () => socket.close(),
  }
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('connecting', () => {
  it('refuses a connection without a known project id or a valid auth JWT', async () => {
    const jwt = await relayJwt()
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`
    for (const query of [
      `auth=${jwt}`,
      `projectId=ffffffffffffffffffffffffffffffff&auth=${jwt}`,
      `projectId=${PROJECT_ID}`,
      `projectId=${PROJECT_ID}&auth=${forged}`,
    ]) {
      await expect(rawClient(query), query).rejects.toThrow('401')
    }
    await expect(rawClient()).resolves.toBeTruthy()
  })

  it('takes the client id from the JWT issuer, and refuses an expired or non-EdDSA JWT', async () => {
    const keyPair = generateKeyPair()
    const jwt = await signJWT('subject', relay.url, 60, keyPair)
    expect(verifyRelayAuth(jwt)?.clientId).toMatch(/^did:key:z6Mk/)
    expect(verifyRelayAuth(jwt, Math.floor(Date.now() / 1000) + 120)).toBeNull()
    const [, payload, signature] = jwt.split('.')
    const hs256 = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')
    expect(verifyRelayAuth(`${hs256}.${payload}.${signature}`)).toBeNull()
    expect(verifyRelayAuth('not a jwt')).toBeNull()
  })
})

describe('the JSON-RPC methods', () => {
  it('keeps a message for a topic nobody subscribes to yet and pushes it when a subscriber comes', async () => {
    const publisher = await rawClient()
    const topic = 'a'.repeat(64)
    expect(await publisher.call('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108, prompt: false })).toMatchObject({ result: true })
    const subscriber = await rawClient()
    const subscribed = await subscriber.call('irn_subscribe', { topic })
    expect(subscribed.result).toMatch(/^[0-9a-f]{64}$/)
    await until(() => subscriber.pushes.length === 1)
    expect(subscriber.pushes[0]).toMatchObject({ id: subscribed.result, data: { topic, message: 'hello', tag: 1108 } })
    // Later messages are pushed at once; the publisher never gets its own.
    await publisher.call('irn_subscribe', { topic })
    await publisher.call('irn_publish', { topic, message: 'again', ttl: 300, tag: 1108 })
    await until(() => subscriber.pushes.length === 2)
    expect(publisher.pushes).toEqual([])
    // After unsubscribing nothing more is pushed, and fetching gives what it missed, once.
    await subscriber.call('irn_unsubscribe', { topic, id: subscribed.result })
    await publisher.call('irn_publish', { topic, message: 'missed', ttl: 300, tag: 1108 })
    const fetched = await subscriber.call('irn_batchFetchMessages', { topics: [topic] })
    expect(fetched.result).toMatchObject({ messages: [{ topic, message: 'missed', tag: 1108 }], hasMore: false })
    expect((await subscriber.call('irn_fetchMessages', { topic })).result).toMatchObject({ messages: [], hasMore: false })
    expect(subscriber.pushes).toHaveLength(2)
    publisher.close()
    subscriber.close()
  })

  it('drops a message once its TTL is over', async () => {
    const client = await rawClient()
    const topic = 'b'.repeat(64)
    await client.call('irn_publish', { topic, message: 'short-lived', ttl: 1, tag: 0 })
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const later = await rawClient()
    expect((await later.call('irn_fetchMessages', { topic })).result).toMatchObject({ messages: [] })
    client.close()
    later.close()
  })

  it('relays a session proposal and its approval to the pairing and session topics', async () => {
    const dapp = await rawClient()
    const wallet = await rawClient()
    const pairingTopic = 'c'.repeat(64)
    const sessionTopic = 'd'.repeat(64)
    await wallet.call('irn_subscribe', { topic: pairingTopic })
    // The proposer does not subscribe to the pairing topic, nor the approver to the session topic: the relay does.
    expect(await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, correlationId: 1 })).toMatchObject({ result: true })
    await until(() => wallet.pushes.length === 1)
    expect(wallet.pushes[0]?.data).toMatchObject({ topic: pairingTopic, message: 'proposal', tag: 1100 })
    await wallet.call('wc_approveSession', { pairingTopic, sessionTopic, sessionProposalResponse: 'response', sessionSettlementRequest: 'settle', ttl: 300 })
    await until(() => dapp.pushes.length === 1)
    expect(dapp.pushes[0]?.data).toMatchObject({ topic: pairingTopic, message: 'response', tag: 1101 })
    await dapp.call('irn_batchSubscribe', { topics: [sessionTopic] })
    await until(() => dapp.pushes.length === 2)
    expect(dapp.pushes[1]?.data).toMatchObject({ topic: sessionTopic, message: 'settle', tag: 1102 })
    await dapp.call('irn_publish', { topic: sessionTopic, message: 'request', ttl: 300, tag: 1108 })
    await until(() => wallet.pushes.length === 2)
    expect(wallet.pushes[1]?.data).toMatchObject({ topic: sessionTopic, message: 'request' })
    dapp.close()
    wallet.close()
  })

  it('answers bad parameters and unknown methods with JSON-RPC errors', async () => {
    const client = await rawClient()
    expect(await client.call('irn_publish', { topic: 'e'.repeat(64) })).toMatchObject({
      error: { code: -32602, message: 'Invalid params: message must be a non-empty string' },
    })
    expect(await client.call('irn_publish', { topic: 'e'.repeat(64), message: 'x', ttl: -5 })).toMatchObject({ error: { code: -32602 } })
    expect(await client.call('irn_batchSubscribe', { topics: 'nope' })).toMatchObject({ error: { code: -32602 } })
    expect(await client.call('irn_teleport', {})).toMatchObject({ error: { code: -32601 } })
    client.close()
  })
})

describe('the WalletConnect SDKs through the relay', () => {
  let wallet: WalletConnectWallet
  beforeAll(async () => {
    wallet = await startWalletConnectWallet({ projectId: PROJECT_ID, relayUrl: relay.url, chainIds: [31337] })
  })
  afterAll(() => wallet.close())

  const dappSession = () =>
    signClientSession({
      projectId: PROJECT_ID,
      relayUrl: relay.url,
      metadata: { name: 'Tessera test', description: 'Tessera test', url: 'http://localhost', icons: [] },
    })

  it('pairs the dapp adapter with a WalletKit wallet, signs (personal_sign, eth_signTypedData_v4), and a dapp disconnect reaches the wallet', async () => {
    const session = dappSession()
    const pairing = await session.pair(['eip155:31337'])
    expect(pairing.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(pairing.uri)
    const { accounts } = await pairing.approval()
    expect(accounts).toEqual([`eip155:31337:${wallet.address}`])
    const signature = await session.request('eip155:31337', 'personal_sign', ['0x68656c6c6f', wallet.address])
    expect(signature).toBe(await wallet.account.signMessage({ message: 'hello' }))
    const typedData = {
      domain: { name: 'Tessera', version: '1', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hello' },
    } as const
    // As dapps send it: the domain's own type among the types.
    const eip712Domain = [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ]
    const sent = JSON.stringify({ ...typedData, types: { EIP712Domain: eip712Domain, ...typedData.types } })
    const typedSignature = await session.request('eip155:31337', 'eth_signTypedData_v4', [wallet.address, sent])
    expect(await verifyTypedData({ address: wallet.address, ...typedData, signature: typedSignature as Hex })).toBe(true)
    expect(wallet.sessionCount()).toBe(1)
    await session.disconnect()
    await until(() => wallet.sessionCount() === 0)
    await session.close()
  })

  it('tells the dapp when the wallet disconnects, and carries a wallet rejection back as an error', async () => {
    const session = dappSession()
    const ended = new Promise<void>((resolve) => session.onDisconnect(resolve))
    const pairing = await session.pair(['eip155:31337'])
    await wallet.pair(pairing.uri)
    await pairing.approval()
    wallet.rejectNext()
    await expect(session.request('eip155:31337', 'personal_sign', ['0x68656c6c6f', wallet.address])).rejects.toMatchObject({ code: 4001 })
    await wallet.disconnectAll()
    await ended
    await expect(session.request('eip155:31337', 'personal_sign', ['0x68656c6c6f', wallet.address])).rejects.toThrow('not connected')
    await session.close()
  })
})

describe('the core client through the relay its app config names (wallet_connect_relay_url)', () => {
  let wallet: WalletConnectWallet
  let api: FakeApi
  let client: TesseraClient | null = null
  beforeAll(async () => {
    wallet = await startWalletConnectWallet({ projectId: PROJECT_ID, relayUrl: relay.url, chainIds: [8453] })
    const config = appConfigDto({ wallet_auth: true, wallet_connect_cloud_project_id: PROJECT_ID, wallet_connect_relay_url: relay.url })
    api = await startFakeApi(apiRoutes({ [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: config }) }))
  })
  afterAll(async () => {
    client?.destroy()
    await wallet.close()
    await api.close()
  })

  it('pairs the real adapter with the wallet, connects its account, signs, and disconnects', async () => {
    client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
    await client.ready
    const connecting = client.wallets.connect('wallet_connect', { chainId: 8453 })
    await expect.poll(() => client!.wallets.getFlow().walletConnectUri, { timeout: 10_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(client.wallets.getFlow().walletConnectUri!)
    await expect(connecting).resolves.toMatchObject({ address: wallet.address, chainId: 'eip155:8453', walletClientType: 'wallet_connect' })
    const connected = client.wallets.getConnected()[0]
    if (connected?.chain !== 'ethereum') throw new Error('No Ethereum wallet connected')
    const provider = await connected.getEthereumProvider()
    const signature = await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] })
    expect(signature).toBe(await wallet.account.signMessage({ message: 'hello' }))
    await client.wallets.disconnect(wallet.address)
    await expect.poll(() => wallet.sessionCount()).toBe(0)
  })
})
