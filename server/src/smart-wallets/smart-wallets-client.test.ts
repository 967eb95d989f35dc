/**
 * Smart wallets on a real chain: anvil with EntryPoint 0.7, Safe 1.4.1 and the VerifyingPaymaster (test/harness/
 * aa-stack.ts), the alto bundler, and the real server (its smart-wallet config, link_smart_wallet and ERC-7677
 * paymaster endpoint). The embedded wallet stands in as an EIP-1193 provider over a local key: the frame's signing
 * is tested with the frame; this file tests what the smart-wallet client builds on top of any owner.
 */
import { randomBytes } from 'node:crypto'
import { createPublicClient, http, parseEther, parseEventLogs, toHex, type Address, type Hex } from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localKeyEncryptionKeys } from '../secrets/local-key-encryption-keys.js'
import { storePaymasterKey } from '../sponsorship/paymaster-key.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { deployAccountAbstraction, startBundler, type AccountAbstractionAddresses, type Bundler } from '../../../test/harness/aa-stack.js'
import type { AppRecord } from '../apps/types.js'
import { userFromDto } from '../../../src/core/user/from-dto.js'
import type { User } from '../../../src/core/user/types.js'
import { createSmartWallets } from '../../../src/core/smart-wallets/create-smart-wallets.js'
import { createSmartWalletAccountClient } from '../../../src/core/smart-wallets/smart-account-client.js'
import { toSmartAccount } from '../../../src/core/smart-wallets/to-smart-account.js'

const ORIGIN = 'https://app.example'
let anvil: Anvil
let aa: AccountAbstractionAddresses
let bundler: Bundler
let server: TestServer
let app: AppRecord
const kek = localKeyEncryptionKeys(randomBytes(32))
const recipients = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
const chain = () => ({ ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
const reader = () => createPublicClient({ chain: chain(), transport: http(anvil.rpcUrl), pollingInterval: 50, cacheTime: 0 })

beforeAll(async () => {
  const paymasterKey = generatePrivateKey()
  anvil = await startAnvil()
  aa = await deployAccountAbstraction(anvil.rpcUrl, { paymasterSigner: privateKeyToAccount(paymasterKey).address })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoints: [aa.entryPoint07] })
  server = await startTestServer({ overrides: { keyEncryptionKeys: kek }, app: { allowedOrigins: [ORIGIN], loginMethods: ['email'] } })
  app = await server.createApp({
    id: server.app.id,
    name: server.app.name,
    allowedOrigins: [ORIGIN],
    loginMethods: ['email'],
    smartWallets: {
      type: 'safe',
      version: '1.4.1',
      networks: [
        {
          chainId: anvil.chainId,
          bundlerUrl: bundler.url,
          paymasterUrl: `${server.url}/api/v1/apps/${server.app.id}/paymaster`,
          rpcUrl: anvil.rpcUrl,
          chainName: 'Anvil',
          paymasterContext: null,
        },
      ],
    },
    gasSponsorship: {
      // 'any': the policy's decoder reads Safe's executeUserOp, not the executeUserOpWithErrorString permissionless sends (reported to its owner).
      enabled: true,
      allowedChainIds: [anvil.chainId],
      allowedContracts: 'any',
      dailyCapPerUserWei: parseEther('1').toString(),
      chains: { [anvil.chainId]: { paymasters: { '0.7': aa.verifyingPaymaster07 }, bundlerUrl: bundler.url } },
    },
  })
  await storePaymasterKey(server.db, kek, app.id, paymasterKey)
}, 180_000)
afterAll(async () => {
  await server?.close()
  await bundler?.stop()
  await anvil?.stop()
})

/** A browser page on ORIGIN: its API calls carry that Origin. */
const pageOptions = {
  pollingInterval: 50,
  location: { host: 'app.example', origin: ORIGIN },
  fetch: ((input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: ORIGIN } })) as typeof fetch,
}

/** The client's parts the smart wallets use, over the real server; the embedded wallet is a provider over `owner`. */
async function signedInClient(owner = privateKeyToAccount(generatePrivateKey())) {
  const login = await server.login(`smart-${crypto.randomUUID()}@example.com`, app.id)
  const token: string = login.body.token
  let user: User = { ...userFromDto(login.body.user), linkedAccounts: [...userFromDto(login.body.user).linkedAccounts, embeddedAccount(owner.address)] }
  const request = async ({ method, params }: { method: string; params: unknown[] }) =>
    method === 'personal_sign' ? owner.signMessage({ message: { raw: params[0] as Hex } }) : owner.signTypedData(JSON.parse(params[1] as string))
  // Wallet UIs off: the confirmation gate runs every request headless (the browser e2e shows the confirmations).
  const provider = { address: owner.address, request, requestWith: request, confirm: (controller: { headless(): Promise<unknown> }) => controller.headless() }
  const client = {
    appId: app.id,
    apiUrl: server.url,
    getAccessToken: async () => token,
    getAuth: () => ({ status: 'authenticated' as const, user }),
    refreshUser: async () => {
      const me = await server.call('/api/v1/users/me', { token, appId: app.id, headers: { origin: ORIGIN } })
      user = { ...userFromDto(me.body.user), linkedAccounts: [...userFromDto(me.body.user).linkedAccounts, embeddedAccount(owner.address)] }
      return user
    },
    embeddedWallets: { getEthereumProvider: async () => provider, getChains: async () => [] },
  }
  return { client: client as unknown as Parameters<typeof createSmartWallets>[0], user: () => user }
}

function embeddedAccount(address: Address) {
  return { type: 'wallet', address, chainType: 'ethereum', walletClientType: 'privy', connectorType: 'embedded' } as unknown as User['linkedAccounts'][number]
}

describe('createSmartWallets', () => {
  it('links the Safe its embedded wallet owns (ERC-6492, undeployed) and sends a batch of two calls as one sponsored user operation', async () => {
    const { client, user } = await signedInClient()
    const smartWallets = createSmartWallets(client, pageOptions)
    const wallet = await smartWallets.getClientForChain({ id: anvil.chainId })
    expect(user().linkedAccounts).toContainEqual(
      expect.objectContaining({ type: 'smart_wallet', address: wallet.account.address, smartWalletType: 'safe', smartWalletVersion: '1.4.1' }),
    )
    await reader().request({ method: 'anvil_setBalance' as never, params: [wallet.account.address, toHex(parseEther('1'))] as never })

    const hash = await wallet.sendTransaction({
      calls: [
        { to: recipients[0]!, value: 1_000n },
        { to: recipients[1]!, value: 2_000n },
      ],
    })

    const receipt = await reader().getTransactionReceipt({ hash })
    const operations = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
    expect(operations).toHaveLength(1)
    expect(operations[0]!.args).toMatchObject({ sender: wallet.account.address, paymaster: aa.verifyingPaymaster07, success: true })
    expect(await reader().getBalance({ address: recipients[0]! })).toBe(1_000n)
    expect(await reader().getBalance({ address: recipients[1]! })).toBe(2_000n)
    // The paymaster paid the fees: the account lost only what it sent.
    expect(await reader().getBalance({ address: wallet.account.address })).toBe(parseEther('1') - 3_000n)
  }, 60_000)

  it('links once: a second client for the same user finds the smart wallet already linked', async () => {
    const { client, user } = await signedInClient()
    const first = await createSmartWallets(client, pageOptions).getClientForChain({ id: anvil.chainId })
    const second = await createSmartWallets(client, pageOptions).getClientForChain({ id: anvil.chainId })
    expect(second.account.address).toBe(first.account.address)
    expect(user().linkedAccounts.filter((account) => account.type === 'smart_wallet')).toHaveLength(1)
  }, 60_000)

  it("refuses a chain outside the app's smart-wallet networks with 'Unsupported chainId {id}' (4901)", async () => {
    const { client } = await signedInClient()
    await expect(createSmartWallets(client).getClientForChain({ id: 8453 })).rejects.toMatchObject({
      code: 'unsupported_chain_id',
      shortMessage: 'Unsupported chainId 8453',
      data: { providerCode: 4901 },
    })
  })

  it('signs a message the ERC-6492 way while undeployed, which the chain verifies for the smart account', async () => {
    const { client } = await signedInClient()
    const wallet = await createSmartWallets(client, pageOptions).getClientForChain({ id: anvil.chainId })
    const signature = await wallet.signMessage({ message: 'hello' })
    expect(await reader().verifyMessage({ address: wallet.account.address, message: 'hello', signature })).toBe(true)
    expect(await reader().verifyMessage({ address: wallet.account.address, message: 'other', signature })).toBe(false)
  }, 60_000)
})

describe('the four smart-account types through one builder', () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  // Kernel, LightAccount and Coinbase publish no deployable artifacts (docs/decisions.md): the builder is checked against each library's factory.
  it.each([
    ['kernel', '0xd703aaE79538628d27099B8c4f621bE4CCd142d5', '0.7'],
    ['light_account', '0x0000000000400CdFef5E2714E63d8040b700BC24', '0.7'],
    ['safe', '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67', '0.7'],
  ] as const)('%s: built on its factory %s, EntryPoint %s', async (type, factory, entryPointVersion) => {
    const account = await toSmartAccount(reader(), { type, version: null, owner })
    expect((await account.getFactoryArgs()).factory).toBe(factory)
    expect(account.entryPoint).toMatchObject({ address: entryPoint07Address, version: entryPointVersion })
  })

  it('coinbase_smart_wallet: only on the Coinbase smart-wallet chains (sign-in spec, "The calls it makes"); an unknown version is refused', async () => {
    const api = { url: server.url, getAccessToken: async () => null }
    const config = {
      type: 'coinbase_smart_wallet' as const,
      version: null,
      networks: [{ chainId: anvil.chainId, bundlerUrl: bundler.url, paymasterUrl: null, rpcUrl: anvil.rpcUrl, chainName: null, paymasterContext: null }],
    }
    await expect(createSmartWalletAccountClient({ config, chains: [], owner, api }, anvil.chainId)).rejects.toMatchObject({
      shortMessage: `Unsupported chainId ${anvil.chainId}`,
    })
    await expect(toSmartAccount(reader(), { type: 'kernel', version: '9.9', owner })).rejects.toMatchObject({ code: 'invalid_config' })
  })
})
