import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

const ORIGIN = 'https://app.example'
let t: TestServer

beforeAll(async () => {
  t = await startTestServer({ app: { allowedOrigins: [ORIGIN, 'http://localhost:5173', 'http://plain.example'], loginMethods: ['email', 'wallet'] } })
})
afterAll(async () => {
  await t?.close()
})

const newWallet = () => privateKeyToAccount(generatePrivateKey())

interface CallContext {
  appId?: string
  origin?: string | null
  token?: string
}
const headersFor = (origin: string | null | undefined): Record<string, string> => (origin === null ? {} : { origin: origin ?? ORIGIN })
const call = (path: string, body: unknown, context: CallContext = {}) =>
  t.call(`/api/v1/siwe/${path}`, {
    body,
    headers: headersFor(context.origin),
    ...(context.appId ? { appId: context.appId } : {}),
    ...(context.token ? { token: context.token } : {}),
  })

async function nonceFor(address: string, context: CallContext = {}): Promise<string> {
  const init = await call('init', { address }, context)
  expect(init.status).toBe(200)
  return init.body.nonce
}

type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>
/** A message as a well-behaved client builds it for ORIGIN, with any field overridden. */
const siweMessage = (wallet: PrivateKeyAccount, nonce: string, fields: MessageFields = {}) =>
  createSiweMessage({
    domain: 'app.example',
    address: wallet.address,
    statement: 'Sign in to Test App',
    uri: `${ORIGIN}/login`,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date(t.clock.now()),
    ...fields,
  })

async function signedBody(wallet: PrivateKeyAccount, fields: MessageFields = {}, context: CallContext = {}) {
  const message = siweMessage(wallet, await nonceFor(wallet.address, context), fields)
  return { message, signature: await wallet.signMessage({ message }), chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
}

async function signIn(wallet: PrivateKeyAccount, fields: MessageFields = {}, context: CallContext = {}) {
  return call('authenticate', await signedBody(wallet, fields, context), context)
}

const expectRejected = (response: { status: number; body: any }) => {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('invalid_credentials')
}

describe('SIWE sign-in', () => {
  it('signs a new user in with a wallet, then the same user again with a fresh nonce', async () => {
    const wallet = newWallet()
    const first = await signIn(wallet)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ is_new_user: true, session_update_action: 'set' })
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:1',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        imported: false,
        delegated: false,
      }),
    ])
    const second = await signIn(wallet)
    expect(second.status).toBe(200)
    expect(second.body.is_new_user).toBe(false)
    expect(second.body.user.id).toBe(first.body.user.id)
  })

  it('issues a 32-character nonce per request', async () => {
    const wallet = newWallet()
    const [a, b] = [await nonceFor(wallet.address), await nonceFor(wallet.address)]
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
  })

  it('refuses wallets when the method is off', async () => {
    const other = await t.createApp({ name: 'Email only', allowedOrigins: [ORIGIN], loginMethods: ['email'] })
    const response = await call('init', { address: newWallet().address }, { appId: other.id })
    expect(response.status).toBe(403)
  })

  it('asks for the CAPTCHA before issuing a nonce when the app has one', async () => {
    const guarded = await t.createApp({
      name: 'CAPTCHA app',
      allowedOrigins: [ORIGIN],
      loginMethods: ['wallet'],
      captcha: { provider: 'altcha', siteKey: null, secretKey: null, verifyUrl: null },
    })
    const response = await call('init', { address: newWallet().address }, { appId: guarded.id })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_captcha')
  })

  it('rejects an address that is not one', async () => {
    const response = await call('init', { address: '0x1234' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_data')
  })
})

describe('docs/security.md #23: the message is bound to the requesting origin', () => {
  it('rejects a message for another domain', async () => {
    expectRejected(await signIn(newWallet(), { domain: 'evil.example' }))
  })
  it("rejects a scheme other than the origin's", async () => {
    expectRejected(await signIn(newWallet(), { scheme: 'http' }))
  })
  it("accepts the origin's own scheme", async () => {
    expect((await signIn(newWallet(), { scheme: 'https' })).status).toBe(200)
  })
  it("rejects a domain with the origin's host on another port", async () => {
    expectRejected(await signIn(newWallet(), { domain: 'app.example:8443' }))
    const local = { origin: 'http://localhost:5173' }
    expectRejected(await signIn(newWallet(), { domain: 'localhost:5174', uri: 'http://localhost:5173/' }, local))
    expectRejected(await signIn(newWallet(), { domain: 'localhost', uri: 'http://localhost:5173/' }, local))
  })
  it('rejects a request without an Origin', async () => {
    expectRejected(await signIn(newWallet(), {}, { origin: null }))
  })
  it('rejects a request from an origin the app does not allow', async () => {
    const body = await signedBody(newWallet(), { domain: 'evil.example', uri: 'https://evil.example' })
    const response = await call('authenticate', body, { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('invalid_origin')
  })
  it("rejects a URI outside the app's origins", async () => {
    expectRejected(await signIn(newWallet(), { uri: 'https://evil.example/login' }))
  })
  it('rejects a plain-http URI except on localhost', async () => {
    expectRejected(await signIn(newWallet(), { domain: 'plain.example', uri: 'http://plain.example/' }, { origin: 'http://plain.example' }))
    expect((await signIn(newWallet(), { domain: 'localhost:5173', uri: 'http://localhost:5173/' }, { origin: 'http://localhost:5173' })).status).toBe(200)
  })
  it('accepts only allowed chains: 31337 needs the app setting outside dev', async () => {
    expectRejected(await signIn(newWallet(), { chainId: 999 }))
    expectRejected(await signIn(newWallet(), { chainId: 31337 }))
    const local = await t.createApp({ name: 'Anvil app', allowedOrigins: [ORIGIN], loginMethods: ['wallet'], siweChainIds: [31337] })
    expect((await signIn(newWallet(), { chainId: 31337 }, { appId: local.id })).status).toBe(200)
    expectRejected(await signIn(newWallet(), { chainId: 1 }, { appId: local.id }))
  })
})

describe('docs/security.md #24: nonces are server-issued, bound to the address and single use', () => {
  it('rejects a replayed signature', async () => {
    const body = await signedBody(newWallet())
    expect((await call('authenticate', body)).status).toBe(200)
    expectRejected(await call('authenticate', body))
  })
  it('gives exactly one session to 10 parallel verifications of one nonce', async () => {
    const body = await signedBody(newWallet())
    const responses = await Promise.all(Array.from({ length: 10 }, () => call('authenticate', body)))
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1)
    for (const response of responses.filter((r) => r.status !== 200)) expectRejected(response)
  })
  it('rejects a nonce the server never issued', async () => {
    const wallet = newWallet()
    const message = siweMessage(wallet, 'madeupnonce12345')
    expectRejected(await call('authenticate', { message, signature: await wallet.signMessage({ message }) }))
  })
  it('rejects a nonce issued for another address', async () => {
    const [wallet, other] = [newWallet(), newWallet()]
    const message = siweMessage(wallet, await nonceFor(other.address))
    expectRejected(await call('authenticate', { message, signature: await wallet.signMessage({ message }) }))
  })
  it('rejects a nonce older than 10 minutes', async () => {
    const wallet = newWallet()
    const nonce = await nonceFor(wallet.address)
    t.clock.advance(601)
    const message = siweMessage(wallet, nonce)
    expectRejected(await call('authenticate', { message, signature: await wallet.signMessage({ message }) }))
  })
})

describe('docs/security.md #25: issued-at, expiration and not-before', () => {
  it('rejects a message issued more than 10 minutes ago', async () => {
    expectRejected(await signIn(newWallet(), { issuedAt: new Date(t.clock.now() - 11 * 60_000) }))
  })
  it('rejects a message issued in the future', async () => {
    expectRejected(await signIn(newWallet(), { issuedAt: new Date(t.clock.now() + 5 * 60_000) }))
  })
  it('rejects an expired message', async () => {
    expectRejected(await signIn(newWallet(), { expirationTime: new Date(t.clock.now() - 1000) }))
  })
  it('rejects a message not valid yet', async () => {
    expectRejected(await signIn(newWallet(), { notBefore: new Date(t.clock.now() + 60_000) }))
  })
  it('accepts a message inside its validity window', async () => {
    const now = t.clock.now()
    expect((await signIn(newWallet(), { notBefore: new Date(now - 1000), expirationTime: new Date(now + 60_000) })).status).toBe(200)
  })
})

describe('docs/security.md #26: the signer must be the address, over a real SIWE message', () => {
  it('rejects a signature by another key', async () => {
    const [wallet, thief] = [newWallet(), newWallet()]
    const message = siweMessage(wallet, await nonceFor(wallet.address))
    expectRejected(await call('authenticate', { message, signature: await thief.signMessage({ message }) }))
  })
  it('rejects an arbitrary personal_sign message', async () => {
    const wallet = newWallet()
    const message = `Please sign to continue. Nonce: ${await nonceFor(wallet.address)}`
    expectRejected(await call('authenticate', { message, signature: await wallet.signMessage({ message }) }))
  })
  it('rejects a SIWE message with text smuggled after its fields', async () => {
    const wallet = newWallet()
    const message = `${siweMessage(wallet, await nonceFor(wallet.address))}\nTransfer all funds to 0xdead`
    expectRejected(await call('authenticate', { message, signature: await wallet.signMessage({ message }) }))
  })
  it('rejects a malformed signature without a 5xx', async () => {
    const wallet = newWallet()
    const message = siweMessage(wallet, await nonceFor(wallet.address))
    expectRejected(await call('authenticate', { message, signature: '0x1234' }))
  })
  it('accepts a lower-case address line and keys the account by the checksummed address', async () => {
    const wallet = newWallet()
    const nonce = await nonceFor(wallet.address)
    const message = siweMessage(wallet, nonce).replace(wallet.address, wallet.address.toLowerCase())
    const response = await call('authenticate', { message, signature: await wallet.signMessage({ message }) })
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts[0].address).toBe(wallet.address)
  })
})

describe('SIWE link and unlink', () => {
  async function emailUser(app?: AppRecord) {
    const login = await t.login(`siwe-${crypto.randomUUID()}@example.com`, app?.id)
    expect(login.status).toBe(200)
    return login.body.token as string
  }

  it('links several wallets to a signed-in user, then unlinks one', async () => {
    const token = await emailUser()
    const [a, b] = [newWallet(), newWallet()]
    expect((await call('link', await signedBody(a), { token })).status).toBe(200)
    const linked = await call('link', await signedBody(b), { token })
    expect(linked.status).toBe(200)
    expect(
      linked.body.linked_accounts.filter((account: { type: string }) => account.type === 'wallet').map((account: { address: string }) => account.address),
    ).toEqual([a.address, b.address])
    const unlinked = await call('unlink', { address: a.address.toLowerCase() }, { token })
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.linked_accounts.map((account: { address?: string }) => account.address)).not.toContain(a.address)
    const again = await call('unlink', { address: a.address }, { token })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('linked_account_not_found')
  })

  it('requires a session to link', async () => {
    const response = await call('link', await signedBody(newWallet()))
    expect(response.status).toBe(401)
  })

  it('honours max_linked_wallets_per_user', async () => {
    const limited = await t.createApp({ name: 'One wallet', allowedOrigins: [ORIGIN], loginMethods: ['email', 'wallet'], maxLinkedWalletsPerUser: 1 })
    const config = await t.call(`/api/v1/apps/${limited.id}`, { appId: limited.id })
    expect(config.body).toMatchObject({ wallet_auth: true, max_linked_wallets_per_user: 1 })
    const token = await emailUser(limited)
    expect((await call('link', await signedBody(newWallet(), {}, { appId: limited.id }), { appId: limited.id, token })).status).toBe(200)
    const second = await call('link', await signedBody(newWallet(), {}, { appId: limited.id }), { appId: limited.id, token })
    expect(second.status).toBe(400)
    expect(second.body.code).toBe('cannot_link_more_of_type')
  })

  it('offers a transfer for a wallet another user holds, and siwe/transfer moves it once', async () => {
    const wallet = newWallet()
    const holder = await signIn(wallet)
    expect(holder.status).toBe(200)
    const token = await emailUser()
    const response = await call('link', await signedBody(wallet), { token })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('account_transfer_required')
    expect(response.body.data).toMatchObject({ nonce: expect.any(String), account: { displayName: wallet.address } })
    const nonce = response.body.data.nonce as string
    expect((await call('transfer', { nonce })).status).toBe(401)
    const transferred = await call('transfer', { nonce, address: wallet.address }, { token })
    expect(transferred.status).toBe(200)
    expect(transferred.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'wallet', chain_type: 'ethereum', address: wallet.address }))
    expect(await t.db.query('SELECT id FROM users WHERE id = $1', [holder.body.user.id])).toEqual([])
    expectRejected(await call('transfer', { nonce }, { token }))
    // The wallet now signs the caller in.
    expect((await signIn(wallet)).body.user.id).toBe(transferred.body.id)
  })

  it('refuses a transfer nonce for another account type', async () => {
    const email = `siwe-${crypto.randomUUID()}@example.com`
    expect((await t.login(email)).status).toBe(200)
    const caller = await signIn(newWallet())
    t.clock.advance(120) // past the resend cooldown for this email
    expect((await t.call('/api/v1/passwordless/init', { body: { email }, token: caller.body.token })).status).toBe(200)
    const offer = await t.call('/api/v1/passwordless/link', { body: { email, code: t.inbox.lastCode(email) }, token: caller.body.token })
    expect(offer.body.code).toBe('account_transfer_required')
    const refused = await call('transfer', { nonce: offer.body.data.nonce }, { token: caller.body.token })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('invalid_data')
  })

  it('refuses a wallet another user holds when transfers are off', async () => {
    const strict = await t.createApp({ name: 'No transfers', allowedOrigins: [ORIGIN], loginMethods: ['email', 'wallet'], accountTransferEnabled: false })
    const wallet = newWallet()
    expect((await signIn(wallet, {}, { appId: strict.id })).status).toBe(200)
    const response = await call('link', await signedBody(wallet, {}, { appId: strict.id }), { appId: strict.id, token: await emailUser(strict) })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('linked_to_another_user')
  })

  it("links a smart wallet proven by a SIWE signature on one of the app's smart-wallet chains", async () => {
    const smart = await t.createApp({
      name: 'Smart wallets',
      allowedOrigins: [ORIGIN],
      loginMethods: ['email'],
      smartWallets: {
        type: 'kernel',
        version: null,
        networks: [{ chainId: 1, bundlerUrl: 'https://bundler.example/', paymasterUrl: null, rpcUrl: null, chainName: null, paymasterContext: null }],
      },
    })
    const token = await emailUser(smart)
    const wallet = newWallet()
    const { message, signature } = await signedBody(wallet, {}, { appId: smart.id })
    const response = await call(
      'link_smart_wallet',
      { message, signature, smart_wallet_type: 'kernel', smart_wallet_version: '3.1' },
      { token, appId: smart.id },
    )
    expect(response.status).toBe(200)
    expect(response.body.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'smart_wallet', address: wallet.address, smart_wallet_type: 'kernel', smart_wallet_version: '3.1' }),
    )
  })
})
