import { recoverMessageAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkedAccountDto, SiweAuthenticateBody } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi, type RecordedRequest } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { ClientEvents, TesseraClient } from '../../types.js'
import { walletErrorKind } from '../../wallets/errors.js'
import { createTestEthereumWallet, type TestEthereumWallet } from '../../wallets/test-support/ethereum-wallet.js'
import { announceEip6963, eip1193Provider, fakePage } from '../../wallets/test-support/fake-page.js'
import type { WalletLoginStatus } from '../../wallets/types.js'

const ORIGIN = 'https://app.example'
let api: FakeApi
let nonces: Map<string, string>
/** Answer of `siwe/authenticate` and `siwe/link` after the checks pass; a test may replace it. */
let onVerified: (address: string, request: RecordedRequest) => Promise<{ status?: number; body: unknown }>
const clients: TesseraClient[] = []

const walletAccount = (address: string): LinkedAccountDto => ({
  type: 'wallet',
  address,
  chain_type: 'ethereum',
  chain_id: 'eip155:1',
  wallet_client_type: 'metamask',
  connector_type: 'injected',
  imported: false,
  delegated: false,
  verified_at: 1_700_000_000,
  first_verified_at: 1_700_000_000,
  latest_verified_at: 1_700_000_000,
})

/** What the server checks: the canonical EIP-4361 form, the page's domain, the nonce it issued for the address, and the signer. */
async function verified(request: RecordedRequest): Promise<string | null> {
  const body = request.body as SiweAuthenticateBody
  const fields = parseSiweMessage(body.message)
  if (!fields.address || !fields.issuedAt) return null
  const canonical = createSiweMessage({
    ...fields,
    address: fields.address,
    chainId: fields.chainId!,
    domain: fields.domain!,
    nonce: fields.nonce!,
    uri: fields.uri!,
    version: '1',
  })
  if (canonical !== body.message || fields.domain !== 'app.example' || fields.uri !== `${ORIGIN}/login`) return null
  if (nonces.get(fields.address.toLowerCase()) !== fields.nonce) return null
  nonces.delete(fields.address.toLowerCase())
  return (await recoverMessageAddress({ message: body.message, signature: body.signature as Hex })) === fields.address ? fields.address : null
}

const invalid = { status: 400, body: { error: 'Invalid signature', code: 'invalid_credentials' } }

beforeEach(async () => {
  nonces = new Map()
  onVerified = async (address) => ({ body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [walletAccount(address)] }) }) })
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ wallet_auth: true }) }),
      'POST /api/v1/siwe/init': (request) => {
        const nonce = crypto.randomUUID().replaceAll('-', '')
        nonces.set((request.body as { address: string }).address.toLowerCase(), nonce)
        return { body: { nonce } }
      },
      'POST /api/v1/siwe/authenticate': async (request) => {
        const address = await verified(request)
        return address ? onVerified(address, request) : invalid
      },
      'POST /api/v1/siwe/link': async (request) => {
        if (!String(request.headers.authorization ?? '').startsWith('Bearer '))
          return { status: 401, body: { error: 'Missing token', code: 'missing_or_invalid_token' } }
        const address = await verified(request)
        return address ? onVerified(address, request) : invalid
      },
      'POST /api/v1/siwe/unlink': () => ({ body: userDto() }),
    }),
  )
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

async function setUp(): Promise<{ client: TesseraClient; wallet: TestEthereumWallet; page: ReturnType<typeof fakePage> }> {
  const page = fakePage(ORIGIN)
  const wallet = createTestEthereumWallet({ privateKey: generatePrivateKey() })
  announceEip6963(page, eip1193Provider(wallet), { rdns: 'io.metamask', name: 'MetaMask' })
  const client = createClient({
    appId: TEST_APP_ID,
    apiUrl: api.url,
    storage: createMemoryStorage(),
    locks: null,
    retryDelay: () => 1,
    walletWindow: page as unknown as Window,
  })
  clients.push(client)
  await client.ready
  return { client, wallet, page }
}

describe('Sign-In with Ethereum', () => {
  it('connects, builds the EIP-4361 message with a server nonce, signs it in the wallet and signs in', async () => {
    const { client, wallet } = await setUp()
    const seen: WalletLoginStatus[] = []
    client.wallets.watchFlow((state) => seen.push(state.status))
    const logins: ClientEvents['login'][] = []
    client.on('login', (event) => logins.push(event))

    const user = await client.wallets.connectAndSignIn('io.metamask')

    expect(seen).toEqual(['connecting', 'connected', 'generating-message', 'awaiting-signature', 'submitting-signature', 'done'])
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'wallet', address: wallet.address })
    expect(logins).toEqual([expect.objectContaining({ loginMethod: 'siwe', isNewUser: true })])
    expect(client.getRecentLoginMethod()).toBe('siwe')
    expect(client.wallets.getConnected()[0]).toMatchObject({ address: wallet.address, linked: true })
    const [request] = api.calls('/api/v1/siwe/authenticate')
    const body = request!.body as SiweAuthenticateBody
    expect(body).toMatchObject({
      chainId: 'eip155:1',
      walletClientType: 'metamask',
      connectorType: 'injected',
      mode: 'login-or-sign-up',
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    })
    expect(body.message).toContain('By signing, you are proving you own this wallet and logging in.')
    expect(body.message).toMatch(/\nResources:\n- https:\/\/tessera\.dev$/)
    expect(api.calls('/api/v1/siwe/init')[0]!.body).toEqual({ address: wallet.address })
  })

  it('sends no-signup mode and the CAPTCHA token when asked', async () => {
    const { client } = await setUp()
    await client.wallets.connectAndSignIn('io.metamask', { disableSignup: true, captchaToken: 'captcha-token' })
    expect(api.calls('/api/v1/siwe/init')[0]!.body).toMatchObject({ token: 'captcha-token' })
    expect(api.calls('/api/v1/siwe/authenticate')[0]!.body).toMatchObject({ mode: 'no-signup' })
  })

  it('a rejected signature (4001) is the retryable "You rejected the request" with the signing hint', async () => {
    const { client, wallet } = await setUp()
    const connected = await client.wallets.connect('io.metamask')
    wallet.rejectNext()
    const error = await client.wallets.signIn(connected).catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('rejected')
    expect(error).toMatchObject({ shortMessage: 'You rejected the request', details: 'Signature rejected - Please try signing again.', retryable: true })
    expect(client.wallets.getFlow()).toMatchObject({ status: 'error', retries: 1, connection: 'connected' })
    // The retry signs with a fresh nonce and succeeds.
    await client.wallets.signIn(connected)
    expect(client.wallets.getFlow().status).toBe('done')
  })

  it('a bad signature from the server is "Could not log in with wallet" (retryable)', async () => {
    const { client } = await setUp()
    onVerified = async () => invalid
    const error = await client.wallets.connectAndSignIn('io.metamask').catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('connection')
    expect(error).toMatchObject({ code: 'invalid_credentials', shortMessage: 'Could not log in with wallet', retryable: true })
  })

  it('links a second wallet; an address on another user is "User already exists for this address"; the link limit is "Unable to link"', async () => {
    const { client, wallet, page } = await setUp()
    await client.wallets.connectAndSignIn('io.metamask')
    const second = createTestEthereumWallet({ privateKey: generatePrivateKey() })
    announceEip6963(page, eip1193Provider(second), { rdns: 'me.rainbow', name: 'Rainbow' })
    const links: ClientEvents['link'][] = []
    client.on('link', (event) => links.push(event))
    onVerified = async (address) => ({ body: userDto({ linked_accounts: [walletAccount(wallet.address), walletAccount(address)] }) })
    const connected = await client.wallets.connect('me.rainbow', { intent: 'link' })
    const user = await client.wallets.signIn(connected, { intent: 'link' })
    expect(user.linkedAccounts.map((account) => account.type === 'wallet' && account.address)).toEqual([wallet.address, second.address])
    expect(links[0]).toMatchObject({ linkMethod: 'siwe' })
    expect(api.calls('/api/v1/siwe/link')[0]!.body).toMatchObject({ walletClientType: 'rainbow' })
    expect(api.calls('/api/v1/siwe/link')[0]!.body).not.toHaveProperty('mode')

    onVerified = async () => ({ status: 400, body: { error: 'Linked to another user', code: 'linked_to_another_user' } })
    const exists = await client.wallets.signIn(connected, { intent: 'link' }).catch((caught: unknown) => caught)
    expect(walletErrorKind(exists)).toBe('user_exists')
    expect(exists).toMatchObject({ shortMessage: 'User already exists for this address', details: 'Try another address!', retryable: false })

    onVerified = async () => ({ status: 400, body: { error: 'Too many wallets', code: 'cannot_link_more_of_type' } })
    const limit = await client.wallets.signIn(connected, { intent: 'link' }).catch((caught: unknown) => caught)
    expect(walletErrorKind(limit)).toBe('unable_to_link')
    expect(limit).toMatchObject({ shortMessage: 'Unable to link', details: "You've reached the maximum number of linked wallets.", retryable: false })
  })

  it('refuses to sign in twice and to link while signed out', async () => {
    const { client } = await setUp()
    const connected = await client.wallets.connect('io.metamask')
    await expect(client.wallets.signIn(connected, { intent: 'link' })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await client.wallets.signIn(connected)
    await expect(client.wallets.signIn(connected)).rejects.toMatchObject({ code: 'already_logged_in' })
  })

  it("signs in with the app's own wallet connection: generateSiweMessage, then submitSiwe", async () => {
    const { client } = await setUp()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = await client.wallets.generateSiweMessage({ address: account.address, chainId: 1 })
    expect(client.wallets.getFlow()).toMatchObject({ status: 'awaiting-signature', address: account.address })
    const user = await client.wallets.submitSiwe({
      message,
      signature: await account.signMessage({ message }),
      chainId: 1,
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
    expect(user.linkedAccounts[0]).toMatchObject({ address: account.address })
    expect(client.wallets.getFlow().status).toBe('done')
    expect(client.getRecentLoginMethod()).toBe('siwe')
    expect(api.calls('/api/v1/siwe/authenticate')[0]!.body).toMatchObject({ chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' })

    const stale = await client.wallets.submitSiwe({ message, signature: await account.signMessage({ message }) }).catch((caught: unknown) => caught)
    expect(stale, 'signed in already').toMatchObject({ code: 'already_logged_in' })
  })

  it('writes the address EIP-55 checksummed (EIP-4361) when the app passes it in lower case', async () => {
    const { client } = await setUp()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = await client.wallets.generateSiweMessage({ address: account.address.toLowerCase(), chainId: 1 })
    expect(message.split('\n')[1]).toBe(account.address)
    const user = await client.wallets.submitSiwe({
      message,
      signature: await account.signMessage({ message }),
      chainId: 1,
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
    expect(user.linkedAccounts[0]).toMatchObject({ address: account.address })
  })

  it('unlinks by address', async () => {
    const { client, wallet } = await setUp()
    await client.wallets.connectAndSignIn('io.metamask')
    const unlinks: ClientEvents['unlink'][] = []
    client.on('unlink', (event) => unlinks.push(event))
    await client.wallets.unlink(wallet.address, 'ethereum')
    expect(api.calls('/api/v1/siwe/unlink')[0]!.body).toEqual({ address: wallet.address })
    expect(unlinks[0]).toMatchObject({ unlinkMethod: 'siwe' })
    expect(client.wallets.getConnected()[0]).toMatchObject({ linked: false })
  })
})
