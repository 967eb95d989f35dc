import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { approveInFarcasterApp, parseConnectUri, signSiwfMessage } from '../../test-support/farcaster-app.js'
import { deployIdRegistryStandIn, type IdRegistryStandIn } from '../../test-support/farcaster-id-registry.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { FARCASTER_CHANNEL_TTL_MS } from './channels.js'

const ORIGIN = 'https://app.example'
let t: TestServer
let anvil: Anvil
let registry: IdRegistryStandIn
let nextFid = 1000

beforeAll(async () => {
  anvil = await startAnvil()
  registry = await deployIdRegistryStandIn(anvil)
  t = await startTestServer({
    app: {
      allowedOrigins: [ORIGIN],
      loginMethods: ['email', 'farcaster'],
      farcaster: { rpcUrl: anvil.rpcUrl, idRegistryAddress: registry.address, chainId: anvil.chainId },
    },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

/** A fresh fid whose custody key is registered in the stand-in registry. */
async function registeredFid() {
  const fid = nextFid++
  const custody = privateKeyToAccount(generatePrivateKey())
  await registry.setCustody(fid, custody.address)
  return { fid, custody }
}

const headers = { origin: ORIGIN }
async function init(appId = t.app.id) {
  const response = await t.call('/api/v1/farcaster/init', { body: { relying_party: 'app.example' }, headers, appId })
  expect(response.status).toBe(200)
  return response.body as { channel_token: string; connect_uri: string }
}
const status = (channelToken: string) => t.call('/api/v1/farcaster/status', { headers: { ...headers, 'farcaster-channel-token': channelToken } })

/** The whole v1 dance up to the status the client polls: init, the Farcaster app's relay post, status. */
async function approvedChannel(
  account: { fid: number; custody: ReturnType<typeof privateKeyToAccount> },
  overrides?: Parameters<typeof approveInFarcasterApp>[0]['overrides'],
) {
  const channel = await init()
  const relay = await approveInFarcasterApp({
    apiUrl: t.url,
    connectUri: channel.connect_uri,
    ...account,
    now: new Date(t.clock.now()),
    profile: { username: 'alice', display_name: 'Alice', pfp_url: 'https://example.com/a.png' },
    overrides,
  })
  expect(relay.status).toBe(200)
  const polled = await status(channel.channel_token)
  expect(polled.body.state).toBe('completed')
  return { channel, body: { channel_token: channel.channel_token, message: polled.body.message, signature: polled.body.signature, fid: polled.body.fid } }
}
const authenticate = (body: unknown) => t.call('/api/v1/farcaster/authenticate', { body, headers })
const expectInvalid = (response: { status: number; body: any }) => {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('invalid_credentials')
}

describe('Farcaster sign-in through the server relay', () => {
  it('announces the method in the app config', async () => {
    const config = await t.call(`/api/v1/apps/${t.app.id}`, { headers })
    expect(config.body.farcaster_auth).toBe(true)
  })

  it('opens a channel, relays the signed message, and signs the fid in', async () => {
    const account = await registeredFid()
    const channel = await init()
    const uri = parseConnectUri(channel.connect_uri)
    expect(uri).toMatchObject({ channelToken: channel.channel_token, domain: 'app.example', siweUri: ORIGIN })
    expect((await status(channel.channel_token)).body).toEqual({ state: 'pending', nonce: uri.nonce })

    const relay = await approveInFarcasterApp({
      apiUrl: t.url,
      connectUri: channel.connect_uri,
      ...account,
      now: new Date(t.clock.now()),
      profile: { username: 'alice', display_name: 'Alice' },
    })
    expect(relay.status).toBe(200)
    const polled = await status(channel.channel_token)
    expect(polled.body).toMatchObject({ state: 'completed', fid: account.fid, username: 'alice', display_name: 'Alice' })

    const response = await authenticate({
      channel_token: channel.channel_token,
      message: polled.body.message,
      signature: polled.body.signature,
      fid: account.fid,
    })
    expect(response.status).toBe(200)
    expect(response.body.is_new_user).toBe(true)
    expect(response.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        fid: account.fid,
        owner_address: account.custody.address,
        username: 'alice',
        display_name: 'Alice',
      }),
    ])

    const again = await approvedChannel(account)
    const second = await authenticate(again.body)
    expect(second.body.user.id).toBe(response.body.user.id)
    expect(second.body.is_new_user).toBe(false)
  })

  it('uses a channel once: a replayed authenticate and a second relay post are refused', async () => {
    const account = await registeredFid()
    const { body, channel } = await approvedChannel(account)
    expect((await authenticate(body)).status).toBe(200)
    expectInvalid(await authenticate(body))
    expectInvalid(await status(channel.channel_token))
    const fresh = await init()
    const first = await approveInFarcasterApp({ apiUrl: t.url, connectUri: fresh.connect_uri, ...account, now: new Date(t.clock.now()) })
    expect(first.status).toBe(200)
    const second = await approveInFarcasterApp({ apiUrl: t.url, connectUri: fresh.connect_uri, ...account, now: new Date(t.clock.now()) })
    expect(second.status).toBe(400)
  })

  it('expires channels', async () => {
    const account = await registeredFid()
    const { body } = await approvedChannel(account)
    t.clock.advance(FARCASTER_CHANNEL_TTL_MS / 1000 + 1)
    try {
      expectInvalid(await authenticate(body))
      expectInvalid(await status(body.channel_token))
    } finally {
      t.clock.advance(-(FARCASTER_CHANNEL_TTL_MS / 1000 + 1))
    }
  })

  it('refuses the relay post without the channel token or for another nonce', async () => {
    const account = await registeredFid()
    const channel = await init()
    const noToken = await fetch(`${t.url}/api/v1/farcaster/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x', signature: '0x00', fid: 1 }),
    })
    expect(noToken.status).toBe(400)
    const otherNonce = await approveInFarcasterApp({
      apiUrl: t.url,
      connectUri: channel.connect_uri,
      ...account,
      now: new Date(t.clock.now()),
      overrides: { nonce: 'aaaaaaaaaaaaaaaa' },
    })
    expect(otherNonce.status).toBe(400)
    expect((await status(channel.channel_token)).body.state).toBe('pending')
    expectInvalid(await t.call('/api/v1/farcaster/status', { headers }))
    expectInvalid(await status('x'.repeat(500)))
    expectInvalid(await status('not-a-channel'))
  })

  describe('docs/security.md #28: the signer, the fid resource, the domain and the nonce are checked', () => {
    it("refuses a signature that is not by the fid's custody address", async () => {
      const account = await registeredFid()
      const stranger = privateKeyToAccount(generatePrivateKey())
      const { body } = await approvedChannel(account, { signer: stranger })
      expectInvalid(await authenticate(body))
    })

    it('refuses a custody key registered for another fid', async () => {
      const mine = await registeredFid()
      const theirs = await registeredFid()
      // Signed by `mine`'s custody key, claiming `theirs`' fid (in the body and in the resource).
      const { body } = await approvedChannel({ fid: theirs.fid, custody: mine.custody })
      expectInvalid(await authenticate(body))
    })

    it('refuses a resource naming another fid than the claimed one', async () => {
      const account = await registeredFid()
      const { body } = await approvedChannel(account, { resources: [`farcaster://fid/${account.fid + 1}`] })
      expectInvalid(await authenticate(body))
      const { body: extra } = await approvedChannel(account, { resources: [`farcaster://fid/${account.fid}`, `farcaster://fid/${account.fid + 1}`] })
      expectInvalid(await authenticate(extra))
    })

    it('refuses a message for another domain', async () => {
      const account = await registeredFid()
      const { body } = await approvedChannel(account, { domain: 'evil.example' })
      expectInvalid(await authenticate(body))
    })

    it('refuses a message whose nonce belongs to another channel', async () => {
      const account = await registeredFid()
      const other = parseConnectUri((await init()).connect_uri)
      const channel = await init()
      const uri = parseConnectUri(channel.connect_uri)
      const signed = await signSiwfMessage({ ...uri, fid: account.fid, custody: account.custody, issuedAt: new Date(t.clock.now()) }, { nonce: other.nonce })
      expectInvalid(await authenticate({ channel_token: channel.channel_token, ...signed, fid: account.fid }))
    })

    it('refuses to trust an RPC that serves another chain than the configured one', async () => {
      const account = await registeredFid()
      const wrongChain = await t.createApp({
        name: 'Wrong chain',
        allowedOrigins: [ORIGIN],
        loginMethods: ['farcaster'],
        farcaster: { rpcUrl: anvil.rpcUrl, idRegistryAddress: registry.address, chainId: 10 },
      })
      const init = await t.call('/api/v1/farcaster/init', { body: {}, headers, appId: wrongChain.id })
      await approveInFarcasterApp({ apiUrl: t.url, connectUri: init.body.connect_uri, ...account, now: new Date(t.clock.now()) })
      const polled = await t.call('/api/v1/farcaster/status', {
        headers: { ...headers, 'farcaster-channel-token': init.body.channel_token },
        appId: wrongChain.id,
      })
      const response = await t.call('/api/v1/farcaster/authenticate', {
        body: { channel_token: init.body.channel_token, message: polled.body.message, signature: polled.body.signature, fid: account.fid },
        headers,
        appId: wrongChain.id,
      })
      expectInvalid(response)
    })

    it('refuses an fid the registry does not know', async () => {
      const custody = privateKeyToAccount(generatePrivateKey())
      const { body } = await approvedChannel({ fid: 987_654_321, custody })
      expectInvalid(await authenticate(body))
    })
  })

  it('links a Farcaster account to a signed-in user, refuses it for another user, and unlinks it', async () => {
    const account = await registeredFid()
    const login = await t.login('farcaster-link@example.com')
    const token = login.body.token as string
    const { body } = await approvedChannel(account)
    const linked = await t.call('/api/v1/farcaster/link', { body, headers, token })
    expect(linked.status).toBe(200)
    expect(linked.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'farcaster', fid: account.fid }))

    const other = await t.login('farcaster-other@example.com')
    const { body: again } = await approvedChannel(account)
    const taken = await t.call('/api/v1/farcaster/link', { body: again, headers, token: other.body.token })
    expect(taken.status).toBe(400)
    expect(taken.body.code).toBe('account_transfer_required')
    expect(taken.body.data).toMatchObject({ nonce: expect.any(String), subject: String(account.fid) })

    const unlinked = await t.call('/api/v1/farcaster/unlink', { body: { fid: account.fid }, headers, token })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    expect((await t.call('/api/v1/farcaster/unlink', { body: { fid: account.fid }, headers, token })).status).toBe(404)
  })

  it('moves a held fid to the caller with the offered transfer nonce, or refuses when the app allows no transfers', async () => {
    const account = await registeredFid()
    const holder = await t.login('farcaster-holder@example.com')
    expect((await t.call('/api/v1/farcaster/link', { body: (await approvedChannel(account)).body, headers, token: holder.body.token })).status).toBe(200)
    const taker = await t.login('farcaster-taker@example.com')
    const offered = await t.call('/api/v1/farcaster/link', { body: (await approvedChannel(account)).body, headers, token: taker.body.token })
    expect(offered.body.code).toBe('account_transfer_required')
    const moved = await t.call('/api/v1/farcaster/transfer', {
      body: { nonce: offered.body.data.nonce, farcaster_id: account.fid },
      headers,
      token: taker.body.token,
    })
    expect(moved.status).toBe(200)
    expect(moved.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'farcaster', fid: account.fid }))
    expectInvalid(await t.call('/api/v1/farcaster/transfer', { body: { nonce: offered.body.data.nonce }, headers, token: taker.body.token }))

    const strict = await t.createApp({
      name: 'No transfers',
      allowedOrigins: [ORIGIN],
      loginMethods: ['email', 'farcaster'],
      accountTransferEnabled: false,
      farcaster: t.app.farcaster,
    })
    const linkIn = async (email: string) => {
      const user = await t.login(email, strict.id)
      const init = await t.call('/api/v1/farcaster/init', { body: {}, headers, appId: strict.id })
      await approveInFarcasterApp({ apiUrl: t.url, connectUri: init.body.connect_uri, ...account, now: new Date(t.clock.now()) })
      const signed = (
        await t.call('/api/v1/farcaster/status', { headers: { ...headers, 'farcaster-channel-token': init.body.channel_token }, appId: strict.id })
      ).body
      return t.call('/api/v1/farcaster/link', {
        body: { channel_token: init.body.channel_token, message: signed.message, signature: signed.signature, fid: account.fid },
        headers,
        token: user.body.token,
        appId: strict.id,
      })
    }
    expect((await linkIn('strict-holder@example.com')).status).toBe(200)
    const refused = await linkIn('strict-taker@example.com')
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('linked_to_another_user')
  })

  it('signs in with v2 (a nonce, no channel)', async () => {
    const account = await registeredFid()
    const init = await t.call('/api/v1/farcaster/v2/init', { body: {}, headers })
    expect(init.status).toBe(200)
    const signed = await signSiwfMessage({
      domain: 'app.example',
      siweUri: `${ORIGIN}/login`,
      nonce: init.body.nonce,
      fid: account.fid,
      custody: account.custody,
      issuedAt: new Date(t.clock.now()),
    })
    const response = await t.call('/api/v1/farcaster/v2/authenticate', { body: { ...signed, fid: account.fid }, headers })
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts[0]).toMatchObject({ type: 'farcaster', fid: account.fid })
    expectInvalid(await t.call('/api/v1/farcaster/v2/authenticate', { body: { ...signed, fid: account.fid }, headers }))
  })

  it("refuses a v1 nonce at v2 and a URI off the app's origins", async () => {
    const account = await registeredFid()
    const uri = parseConnectUri((await init()).connect_uri)
    const signed = await signSiwfMessage({ ...uri, fid: account.fid, custody: account.custody, issuedAt: new Date(t.clock.now()) })
    expectInvalid(await t.call('/api/v1/farcaster/v2/authenticate', { body: { ...signed, fid: account.fid }, headers }))
    const v2 = await t.call('/api/v1/farcaster/v2/init', { body: {}, headers })
    const offOrigin = await signSiwfMessage({
      domain: 'app.example',
      siweUri: 'https://evil.example/',
      nonce: v2.body.nonce,
      fid: account.fid,
      custody: account.custody,
      issuedAt: new Date(t.clock.now()),
    })
    expectInvalid(await t.call('/api/v1/farcaster/v2/authenticate', { body: { ...offOrigin, fid: account.fid }, headers }))
  })

  it('refuses init from an origin the app does not allow, and when the method is off', async () => {
    expect((await t.call('/api/v1/farcaster/init', { body: {}, headers: { origin: 'https://evil.example' } })).status).toBe(403)
    const off = await t.createApp({ name: 'No Farcaster', allowedOrigins: [ORIGIN], loginMethods: ['email'] })
    const response = await t.call('/api/v1/farcaster/init', { body: {}, headers, appId: off.id })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})
