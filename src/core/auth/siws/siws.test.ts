import { createPublicKey, verify } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseMemoTransaction } from '../../../../server/src/auth/siws/memo-transaction.js'
import { siwsMessage } from '../../../protocol/siws-message.js'
import type { LinkedAccountDto, SiwsAuthenticateBody } from '../../../protocol/index.js'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi, type RecordedRequest } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { TesseraClient } from '../../types.js'
import { walletErrorKind } from '../../wallets/errors.js'
import { decodeBase58 } from '../../../protocol/index.js'
import { fakePage, registerStandardWallet, standardWallet } from '../../wallets/test-support/fake-page.js'
import { createTestSolanaWallet, type TestSolanaWallet } from '../../wallets/test-support/solana-wallet.js'
import type { WalletLoginStatus } from '../../wallets/types.js'

const ORIGIN = 'https://app.example'
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
let api: FakeApi
let nonces: Map<string, string>
const clients: TesseraClient[] = []

const ed25519Verify = (publicKey: Uint8Array, data: Uint8Array, signature: Uint8Array) =>
  verify(null, data, createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' }), signature)

const solanaAccount = (address: string): LinkedAccountDto => ({
  type: 'wallet',
  address,
  chain_type: 'solana',
  wallet_client_type: 'phantom',
  connector_type: 'solana_adapter',
  imported: false,
  delegated: false,
  verified_at: 1_700_000_000,
  first_verified_at: 1_700_000_000,
  latest_verified_at: 1_700_000_000,
})

/** Like the server: base64 when it round-trips to 64 bytes, else base58. */
const signatureBytes = (signature: string) => {
  const base64 = Buffer.from(signature, 'base64')
  return base64.length === 64 && base64.toString('base64') === signature ? base64 : (decodeBase58(signature) ?? new Uint8Array())
}

/** The server's checks: exactly the message it rebuilds for this origin and nonce, signed by the address (or a memo transaction carrying it). */
function verified(request: RecordedRequest): string | null {
  const body = request.body as SiwsAuthenticateBody
  const address = body.message.split('\n')[1] ?? ''
  const nonce = nonces.get(address)
  const issuedAt = /\nIssued At: ([^\n]+)/.exec(body.message)?.[1] ?? ''
  const expected = siwsMessage({ domain: 'app.example', address, uri: `${ORIGIN}/login`, nonce: nonce ?? '', issuedAt, resources: ['https://tessera.dev'] })
  const publicKey = decodeBase58(address)
  if (!nonce || body.message !== expected || publicKey?.length !== 32) return null
  if (body.message_type === 'transaction') {
    const transaction = parseMemoTransaction(Buffer.from(body.signature, 'base64'))
    const signer = transaction?.signers.find((candidate) => Buffer.from(candidate.publicKey).equals(Buffer.from(publicKey)))
    if (!transaction || !signer || !transaction.memos.includes(body.message) || !ed25519Verify(publicKey, transaction.message, signer.signature)) return null
  } else if (!ed25519Verify(publicKey, Buffer.from(body.message), signatureBytes(body.signature))) return null
  nonces.delete(address)
  return address
}

beforeEach(async () => {
  nonces = new Map()
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: appConfigDto({ solana_wallet_auth: true }) }),
      'POST /api/v1/siws/init': (request) => {
        const nonce = crypto.randomUUID().replaceAll('-', '')
        nonces.set((request.body as { address: string }).address, nonce)
        return { body: { nonce } }
      },
      'POST /api/v1/siws/authenticate': async (request) => {
        const address = verified(request)
        return address
          ? { body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: [solanaAccount(address)] }) }) }
          : { status: 400, body: { error: 'Invalid signature', code: 'invalid_credentials' } }
      },
      'POST /api/v1/siws/unlink': () => ({ body: userDto() }),
    }),
  )
})
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await api.close()
})

async function setUp(options: { signMessage?: boolean } = {}): Promise<{ client: TesseraClient; keys: TestSolanaWallet }> {
  const page = fakePage(ORIGIN)
  const keys = createTestSolanaWallet()
  registerStandardWallet(page, standardWallet(keys, { name: 'Phantom', signMessage: options.signMessage }))
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
  return { client, keys }
}

describe('Sign-In with Solana', () => {
  it('signs the message with solana:signMessage and signs in', async () => {
    const { client, keys } = await setUp()
    const seen: WalletLoginStatus[] = []
    client.wallets.watchFlow((state) => seen.push(state.status))
    const user = await client.wallets.connectAndSignIn('Phantom')
    expect(seen).toEqual(['connecting', 'connected', 'generating-message', 'awaiting-signature', 'submitting-signature', 'done'])
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'wallet', address: keys.address, chainType: 'solana' })
    expect(client.getRecentLoginMethod()).toBe('siws')
    expect(api.calls('/api/v1/siws/authenticate')[0]!.body).toMatchObject({
      message_type: 'plain',
      walletClientType: 'phantom',
      connectorType: 'solana_adapter',
      mode: 'login-or-sign-up',
      // The 64 signature bytes as base64: never mistaken for base58, whose 88-character form also parses as base64.
      signature: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
    })
  })

  it('signs a memo transaction when the wallet cannot sign messages', async () => {
    const { client, keys } = await setUp({ signMessage: false })
    const user = await client.wallets.connectAndSignIn('Phantom')
    expect(user.linkedAccounts[0]).toMatchObject({ address: keys.address })
    expect(api.calls('/api/v1/siws/authenticate')[0]!.body).toMatchObject({ message_type: 'transaction' })
  })

  it('signs a memo transaction when asked to (hardware wallets), even if the wallet signs messages', async () => {
    const { client } = await setUp()
    const connected = await client.wallets.connect('Phantom')
    await client.wallets.signIn(connected, { solanaMessageType: 'transaction' })
    expect(api.calls('/api/v1/siws/authenticate')[0]!.body).toMatchObject({ message_type: 'transaction' })
  })

  it('a rejected signature is retryable', async () => {
    const { client, keys } = await setUp()
    const connected = await client.wallets.connect('Phantom')
    keys.rejectNext()
    const error = await client.wallets.signIn(connected).catch((caught: unknown) => caught)
    expect(walletErrorKind(error)).toBe('rejected')
    expect(client.wallets.getFlow()).toMatchObject({ status: 'error', retries: 1 })
  })

  it("signs in with the app's own wallet: generateSiwsMessage, then submitSiws", async () => {
    const { client } = await setUp()
    const keys = createTestSolanaWallet()
    const message = await client.wallets.generateSiwsMessage({ address: keys.address })
    expect(client.wallets.getFlow().status).toBe('awaiting-signature')
    const user = await client.wallets.submitSiws({ message, signature: Buffer.from(keys.signMessage(new TextEncoder().encode(message))).toString('base64') })
    expect(user.linkedAccounts[0]).toMatchObject({ address: keys.address })
    expect(api.calls('/api/v1/siws/authenticate')[0]!.body).toMatchObject({ message_type: 'plain', walletClientType: 'unknown' })
  })

  it('unlinks by address through siws/unlink', async () => {
    const { client, keys } = await setUp()
    await client.wallets.connectAndSignIn('Phantom')
    await client.wallets.unlink(keys.address, 'solana')
    expect(api.calls('/api/v1/siws/unlink')[0]!.body).toEqual({ address: keys.address })
  })
})
