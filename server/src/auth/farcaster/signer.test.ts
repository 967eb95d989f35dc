import { generateKeyPairSync } from 'node:crypto'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { approveInFarcasterApp } from '../../test-support/farcaster-app.js'
import { deployIdRegistryStandIn, type IdRegistryStandIn } from '../../test-support/farcaster-id-registry.js'
import { deployKeyRegistryStandIn, type KeyRegistryStandIn } from '../../test-support/farcaster-key-registry.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { FARCASTER_SIGNER_DEADLINE_SECONDS } from './signer-routes.js'

const ORIGIN = 'https://app.example'
const headers = { origin: ORIGIN }
let t: TestServer
let anvil: Anvil
let idRegistry: IdRegistryStandIn
let keyRegistry: KeyRegistryStandIn
let nextFid = 5000

beforeAll(async () => {
  anvil = await startAnvil()
  idRegistry = await deployIdRegistryStandIn(anvil)
  keyRegistry = await deployKeyRegistryStandIn(anvil, idRegistry.address, privateKeyToAccount(generatePrivateKey()))
  t = await startTestServer({
    app: {
      allowedOrigins: [ORIGIN],
      loginMethods: ['email', 'farcaster'],
      farcaster: { rpcUrl: anvil.rpcUrl, idRegistryAddress: idRegistry.address, chainId: anvil.chainId, keyRegistryAddress: keyRegistry.address },
    },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

/** A real ed25519 public key as the API takes it: 0x-prefixed hex of its 32 bytes. */
function ed25519PublicKey(): Hex {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })
  return `0x${Buffer.from(jwk.x as string, 'base64url').toString('hex')}`
}

/** Registers a fresh fid (or takes a registered one) and signs it in with Sign-In with Farcaster through the relay. */
async function farcasterUser(registered?: { fid: number; custody: ReturnType<typeof privateKeyToAccount> }) {
  const fid = registered?.fid ?? nextFid++
  const custody = registered?.custody ?? privateKeyToAccount(generatePrivateKey())
  if (!registered) await idRegistry.setCustody(fid, custody.address)
  const channel = (await t.call('/api/v1/farcaster/init', { body: { relying_party: 'app.example' }, headers })).body
  const relay = await approveInFarcasterApp({ apiUrl: t.url, connectUri: channel.connect_uri, fid, custody, now: new Date(t.clock.now()) })
  expect(relay.status).toBe(200)
  const polled = (await t.call('/api/v1/farcaster/status', { headers: { ...headers, 'farcaster-channel-token': channel.channel_token } })).body
  const login = await t.call('/api/v1/farcaster/authenticate', {
    body: { channel_token: channel.channel_token, message: polled.message, signature: polled.signature, fid },
    headers,
  })
  expect(login.status).toBe(200)
  return { fid, custody, token: login.body.token as string }
}

const signerInit = (token: string | undefined, key: unknown) => t.call('/api/v1/farcaster/signer/init', { body: { ed25519_public_key: key }, headers, token })
const signerStatus = (token: string, key: Hex) => t.call('/api/v1/farcaster/signer/status', { body: { ed25519_public_key: key }, headers, token })
const farcasterAccountOf = async (token: string) =>
  (await t.call('/api/v1/users/me', { headers, token })).body.user.linked_accounts.find((account: { type: string }) => account.type === 'farcaster')

describe('Farcaster signer', () => {
  it('refuses a caller without a session or without a linked Farcaster account, and keys in another form', async () => {
    const key = ed25519PublicKey()
    expect((await signerInit(undefined, key)).status).toBe(401)
    const emailUser = await t.login('signer-no-farcaster@example.com')
    const refused = await signerInit(emailUser.body.token, key)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('linked_account_not_found')
    const { token } = await farcasterUser()
    for (const bad of [key.slice(2), `${key}00`, key.slice(0, 64), `0x${'zz'.repeat(32)}`, 'BPk2wBTvu6tjbZHeRbLWGeNBSpLVzLhgZ6CJrbtjC1dW', 42, null]) {
      const response = await signerInit(token, bad)
      expect(response.status, String(bad)).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
  })

  it('is pending until the fid adds the key on the KeyRegistry, approved then, and revoked once removed', async () => {
    const { fid, custody, token } = await farcasterUser()
    const key = ed25519PublicKey()
    // The test clock runs in real time: the request's second is between the ones read around the call.
    const before = Math.floor(t.clock.now() / 1000)
    const init = await signerInit(token, key.toUpperCase().replace('0X', '0x'))
    const after = Math.floor(t.clock.now() / 1000)
    expect(init.status).toBe(200)
    expect(init.body).toMatchObject({ status: 'pending_approval', public_key: key })
    // The Farcaster app reads the request from the approval link: the key, the fid, and until when.
    const approval = new URL(init.body.signer_approval_url)
    expect(approval.origin + approval.pathname).toBe('https://farcaster.xyz/~/signed-key-request')
    expect(Object.fromEntries(approval.searchParams)).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      key,
      fid: String(fid),
      deadline: expect.stringMatching(/^\d+$/),
    })
    const deadline = Number(approval.searchParams.get('deadline'))
    expect(deadline).toBeGreaterThanOrEqual(before + FARCASTER_SIGNER_DEADLINE_SECONDS)
    expect(deadline).toBeLessThanOrEqual(after + FARCASTER_SIGNER_DEADLINE_SECONDS)
    expect((await signerStatus(token, key)).body).toEqual({ status: 'pending_approval', public_key: key })

    await keyRegistry.add(custody, fid, approval.searchParams.get('key') as Hex)
    expect((await signerStatus(token, key)).body).toEqual({ status: 'approved', public_key: key, fid })
    expect((await farcasterAccountOf(token)).signer_public_key).toBe(key)
    expect((await signerInit(token, key)).body).toEqual({ status: 'approved', public_key: key, fid })
    // Signing in again keeps the approved key: a sign-in carries no signer.
    const again = await farcasterUser({ fid, custody })
    expect((await farcasterAccountOf(again.token)).signer_public_key).toBe(key)

    await keyRegistry.remove(custody, fid, key)
    expect((await signerStatus(token, key)).body).toEqual({ status: 'revoked', public_key: key, fid })
    expect((await farcasterAccountOf(token)).signer_public_key).toBeNull()
  })

  it("does not approve a key another fid added, and only the fid's custody address can add it", async () => {
    const alice = await farcasterUser()
    const bob = await farcasterUser()
    const key = ed25519PublicKey()
    expect((await signerInit(alice.token, key)).body.status).toBe('pending_approval')
    await keyRegistry.add(bob.custody, bob.fid, key)
    expect((await signerStatus(bob.token, key)).body.status).toBe('approved')
    expect((await signerStatus(alice.token, key)).body).toEqual({ status: 'pending_approval', public_key: key })
    await expect(keyRegistry.add(bob.custody, alice.fid, key)).rejects.toThrow()
    expect((await signerStatus(alice.token, key)).body.status).toBe('pending_approval')
  })

  it('answers 503 when the key registry cannot be read', async () => {
    const app = await t.createApp({
      name: 'Signer without registry',
      allowedOrigins: [ORIGIN],
      loginMethods: ['farcaster'],
      // No contract at this address: keyDataOf cannot be decoded.
      farcaster: {
        rpcUrl: anvil.rpcUrl,
        idRegistryAddress: idRegistry.address,
        chainId: anvil.chainId,
        keyRegistryAddress: '0x000000000000000000000000000000000000dEaD',
      },
    })
    const fid = nextFid++
    const custody = privateKeyToAccount(generatePrivateKey())
    await idRegistry.setCustody(fid, custody.address)
    const channel = (await t.call('/api/v1/farcaster/init', { body: {}, headers, appId: app.id })).body
    await approveInFarcasterApp({ apiUrl: t.url, connectUri: channel.connect_uri, fid, custody, now: new Date(t.clock.now()) })
    const polled = (await t.call('/api/v1/farcaster/status', { headers: { ...headers, 'farcaster-channel-token': channel.channel_token }, appId: app.id })).body
    const login = await t.call('/api/v1/farcaster/authenticate', {
      body: { channel_token: channel.channel_token, message: polled.message, signature: polled.signature, fid },
      headers,
      appId: app.id,
    })
    expect(login.status).toBe(200)
    const response = await t.call('/api/v1/farcaster/signer/status', {
      body: { ed25519_public_key: ed25519PublicKey() },
      headers,
      token: login.body.token,
      appId: app.id,
    })
    expect(response.status).toBe(503)
    expect(response.body.code).toBe('internal_error')
  })
})
