import { renderToString } from 'react-dom/server'
import { recoverMessageAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkedAccountDto, SiweAuthenticateBody } from '../../src/protocol/index.js'
import type { TesseraClient, TesseraError, User } from '../../src/core/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse, userDto } from '../../src/core/test-support/fixtures.js'
import { fakePage } from '../../src/core/wallets/test-support/fake-page.js'
import { createTestSolanaWallet } from '../../src/core/wallets/test-support/solana-wallet.js'
import {
  TesseraProvider,
  useLinkWithSiwe,
  useLoginWithSiwe,
  useLoginWithSiws,
  useTesseraClient,
  useWallets,
  type UseLinkWithSiweResult,
  type UseLoginWithSiweResult,
  type UseLoginWithSiwsResult,
  type UseWalletsResult,
} from '../index.js'

const appId = 'tessera-test-app-00000031'
const times = { verified_at: 1_700_000_000, first_verified_at: 1_700_000_000, latest_verified_at: 1_700_000_000 }
const wallet = (address: string, chain: 'ethereum' | 'solana'): LinkedAccountDto => ({
  type: 'wallet',
  address,
  chain_type: chain,
  imported: false,
  delegated: false,
  ...times,
})
let api: FakeApi
let client: TesseraClient | null = null
let linked: LinkedAccountDto[] = []

beforeEach(async () => {
  linked = []
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId, wallet_auth: true, solana_wallet_auth: true }) }),
      'POST /api/v1/siwe/init': () => ({ body: { nonce: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' } }),
      'POST /api/v1/siws/init': () => ({ body: { nonce: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' } }),
      // The signer recovered from the signature is the account signed in or linked.
      'POST /api/v1/siwe/authenticate': async (request) => {
        const body = request.body as SiweAuthenticateBody
        linked = [wallet(await recoverMessageAddress({ message: body.message, signature: body.signature as Hex }), 'ethereum')]
        return { body: await authResponse({ is_new_user: true, user: userDto({ linked_accounts: linked }) }) }
      },
      'POST /api/v1/siwe/link': async (request) => {
        const body = request.body as SiweAuthenticateBody
        linked = [...linked, wallet(await recoverMessageAddress({ message: body.message, signature: body.signature as Hex }), 'ethereum')]
        return { body: userDto({ linked_accounts: linked }) }
      },
      'POST /api/v1/siws/authenticate': async (request) => {
        linked = [wallet((request.body as { message: string }).message.split('\n')[1]!, 'solana')]
        return { body: await authResponse({ user: userDto({ linked_accounts: linked }) }) }
      },
    }),
  )
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

interface Hooks {
  login: UseLoginWithSiweResult
  link: UseLinkWithSiweResult
  solana: UseLoginWithSiwsResult
  wallets: UseWalletsResult
}

async function render(
  callbacks: { onComplete?(detail: unknown): void; onLinked?(user: User): void; onError?(error: TesseraError): void } = {},
): Promise<Hooks> {
  const hooks = {} as Hooks
  function Probe() {
    hooks.login = useLoginWithSiwe({ onComplete: callbacks.onComplete })
    hooks.link = useLinkWithSiwe({ onSuccess: callbacks.onLinked, onError: callbacks.onError })
    hooks.solana = useLoginWithSiws()
    hooks.wallets = useWallets()
    client = useTesseraClient()
    return null
  }
  renderToString(
    <TesseraProvider appId={appId} apiUrl={api.url}>
      <Probe />
    </TesseraProvider>,
  )
  await client!.ready
  return hooks
}

describe('useLoginWithSiwe and useLinkWithSiwe', () => {
  it("sign in with the app's own wallet: the message carries the server nonce; onComplete reports a new user; then a second wallet links", async () => {
    // A page: its host is the message's domain, which EIP-4361 (and viem) require.
    fakePage('https://app.example')
    const completed: unknown[] = []
    const linkedUsers: User[] = []
    const hooks = await render({ onComplete: (detail) => completed.push(detail), onLinked: (user) => linkedUsers.push(user) })
    expect(hooks.wallets.wallets).toEqual([])
    const account = privateKeyToAccount(generatePrivateKey())

    const message = (await hooks.login.generateSiweMessage({ address: account.address, chainId: 'eip155:8453' }))!
    expect(message).toContain('Chain ID: 8453\nNonce: a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6\n')
    const user = await hooks.login.loginWithSiwe({ message, signature: await account.signMessage({ message }), walletClientType: 'rainbow' })
    expect(user?.linkedAccounts[0]).toMatchObject({ address: account.address })
    expect(completed).toEqual([{ user, isNewUser: true, loginMethod: 'siwe' }])
    expect(api.calls('/api/v1/siwe/authenticate')[0]!.body).toMatchObject({ chainId: 'eip155:8453', walletClientType: 'rainbow', connectorType: 'unknown' })

    const second = privateKeyToAccount(generatePrivateKey())
    const linkMessage = (await hooks.link.generateSiweMessage({ address: second.address, chainId: 1 }))!
    await hooks.link.linkWithSiwe({ message: linkMessage, signature: await second.signMessage({ message: linkMessage }) })
    expect(linkedUsers[0]?.linkedAccounts.map((entry) => entry.type === 'wallet' && entry.address)).toEqual([account.address, second.address])
    expect(client!.getRecentLoginMethod()).toBe('siwe')
  })

  it('linking while signed out reports must_be_authenticated to onError', async () => {
    const errors: TesseraError[] = []
    const hooks = await render({ onError: (error) => errors.push(error) })
    expect(await hooks.link.linkWithSiwe({ message: 'x', signature: '0x00' })).toBeUndefined()
    expect(errors.map((error) => error.code)).toEqual(['must_be_authenticated'])
  })
})

describe('useLoginWithSiws', () => {
  it('signs in with a message the app signed with its own Solana wallet', async () => {
    const hooks = await render()
    const keys = createTestSolanaWallet()
    const message = (await hooks.solana.generateSiwsMessage({ address: keys.address }))!
    expect(message.split('\n')[1]).toBe(keys.address)
    const user = await hooks.solana.loginWithSiws({ message, signature: Buffer.from(keys.signMessage(new TextEncoder().encode(message))).toString('base64') })
    expect(user?.linkedAccounts[0]).toMatchObject({ address: keys.address, chainType: 'solana' })
    expect(client!.getRecentLoginMethod()).toBe('siws')
  })
})
