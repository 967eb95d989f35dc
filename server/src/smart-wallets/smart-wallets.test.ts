import { SmartWalletConfigurationResponseSchema } from '@privy-io/public-api'
import { getContractAddress, keccak256, serializeErc6492Signature, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appFileSchema, appInputFromFile } from '../apps/app-file-schema.js'
import type { AppInput, AppRecord } from '../apps/types.js'
import { erc1271WalletBytecode } from '../auth/siwe/test-support/erc1271-wallet.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const ORIGIN = 'https://app.example'
/** The CREATE2 deployer every anvil chain has: an ERC-6492 signature names it as the factory of an undeployed wallet. */
const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
let t: TestServer
let anvil: Anvil
let app: AppRecord

const kernelOn = (rpcUrl: string): AppInput['smartWallets'] => ({
  type: 'kernel',
  version: '0.3.1',
  networks: [
    {
      chainId: 31337,
      bundlerUrl: 'http://127.0.0.1:4337/',
      paymasterUrl: 'http://127.0.0.1:3000/paymaster',
      rpcUrl,
      chainName: 'Anvil',
      paymasterContext: null,
    },
  ],
})

beforeAll(async () => {
  anvil = await startAnvil()
  t = await startTestServer({ app: { allowedOrigins: [ORIGIN], loginMethods: ['email'], smartWallets: kernelOn(anvil.rpcUrl) } })
  app = t.app
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

/** An undeployed contract wallet of `owner`: the address CREATE2 gives its init code, and how to deploy it (ERC-6492's factory call). */
function counterfactualWallet(owner: Address) {
  const salt = keccak256(toHex(owner))
  const bytecode = erc1271WalletBytecode(owner)
  const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode })
  return { address, factoryData: `${salt}${bytecode.slice(2)}` as const }
}

async function emailUser(appId = app.id): Promise<string> {
  const login = await t.login(`smart-${crypto.randomUUID()}@example.com`, appId)
  expect(login.status).toBe(200)
  return login.body.token
}

async function linkBody(address: Address, sign: (message: string) => Promise<`0x${string}`>, { appId = app.id, chainId = 31337 } = {}) {
  const init = await t.call('/api/v1/siwe/init', { body: { address }, headers: { origin: ORIGIN }, appId })
  const message = createSiweMessage({
    domain: 'app.example',
    address,
    uri: ORIGIN,
    version: '1',
    chainId,
    nonce: init.body.nonce,
    issuedAt: new Date(t.clock.now()),
  })
  return { message, signature: await sign(message) }
}

const link = (body: object, token: string, appId = app.id) => t.call('/api/v1/siwe/link_smart_wallet', { body, headers: { origin: ORIGIN }, appId, token })

describe('GET /api/v1/apps/:app_id/smart_wallets', () => {
  it("answers the app's smart-wallet config in the reference's shape", async () => {
    const response = await t.call(`/api/v1/apps/${app.id}/smart_wallets`, { method: 'GET' })
    expect(response.status).toBe(200)
    expect(SmartWalletConfigurationResponseSchema.parse(response.body)).toEqual(response.body)
    expect(response.body).toEqual({
      enabled: true,
      smart_wallet_type: 'kernel',
      smart_wallet_version: '0.3.1',
      configured_networks: [
        {
          chain_id: 'eip155:31337',
          bundler_url: 'http://127.0.0.1:4337/',
          paymaster_url: 'http://127.0.0.1:3000/paymaster',
          rpc_url: anvil.rpcUrl,
          chain_name: 'Anvil',
        },
      ],
    })
  })

  it('answers enabled: false for an app without smart wallets, and 404 for no app', async () => {
    const plain = await t.createApp({ name: 'Plain', allowedOrigins: [ORIGIN], loginMethods: ['email'] })
    expect((await t.call(`/api/v1/apps/${plain.id}/smart_wallets`, { method: 'GET' })).body).toEqual({ enabled: false })
    expect((await t.call(`/api/v1/apps/${'z'.repeat(25)}/smart_wallets`, { method: 'GET' })).status).toBe(404)
  })
})

describe('smart-wallet settings in the config file', () => {
  const APP_ID = 'c'.repeat(25)
  it('are read with their networks and paymaster context', () => {
    const file = appFileSchema.parse({
      id: APP_ID,
      smart_wallets: {
        type: 'safe',
        version: '1.4.1',
        networks: [
          { chain_id: 8453, bundler_url: 'https://bundler.example/rpc', paymaster_url: 'https://pm.example/', paymaster_context: { policy_id: 'p1' } },
        ],
      },
    })
    expect(appInputFromFile(file, { env: {}, baseDir: '.' }).smartWallets).toEqual({
      type: 'safe',
      version: '1.4.1',
      networks: [
        {
          chainId: 8453,
          bundlerUrl: 'https://bundler.example/rpc',
          paymasterUrl: 'https://pm.example/',
          rpcUrl: null,
          chainName: null,
          paymasterContext: { policy_id: 'p1' },
        },
      ],
    })
  })

  it('refuse a type Tessera does not build, no network, a chain twice and a non-URL bundler', () => {
    const network = { chain_id: 1, bundler_url: 'https://bundler.example/' }
    for (const smart_wallets of [
      { type: 'biconomy', networks: [network] },
      { type: 'kernel', networks: [] },
      { type: 'kernel', networks: [network, network] },
      { type: 'kernel', networks: [{ chain_id: 1, bundler_url: 'bundler' }] },
    ])
      expect(appFileSchema.safeParse({ id: APP_ID, smart_wallets }).success).toBe(false)
  })
})

describe('POST /api/v1/siwe/link_smart_wallet', () => {
  const owner = privateKeyToAccount(generatePrivateKey())

  it('links an undeployed smart wallet by its ERC-6492 signature, for a user who signed in by email', async () => {
    const wallet = counterfactualWallet(owner.address)
    const body = await linkBody(wallet.address, async (message) =>
      serializeErc6492Signature({ address: CREATE2_DEPLOYER, data: wallet.factoryData, signature: await owner.signMessage({ message }) }),
    )
    const response = await link({ ...body, smart_wallet_type: 'kernel', smart_wallet_version: '0.3.1' }, await emailUser())
    expect(response.status).toBe(200)
    expect(response.body.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'smart_wallet', address: wallet.address, smart_wallet_type: 'kernel', smart_wallet_version: '0.3.1' }),
    )
  })

  it("refuses an ERC-6492 signature by someone other than the wallet's owner", async () => {
    const wallet = counterfactualWallet(owner.address)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const body = await linkBody(wallet.address, async (message) =>
      serializeErc6492Signature({ address: CREATE2_DEPLOYER, data: wallet.factoryData, signature: await stranger.signMessage({ message }) }),
    )
    const response = await link({ ...body, smart_wallet_type: 'kernel' }, await emailUser())
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_credentials')
  })

  it("refuses a type the app does not use, and a chain outside the app's smart-wallet networks", async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const token = await emailUser()
    const wrongType = await link({ ...(await linkBody(account.address, (message) => account.signMessage({ message }))), smart_wallet_type: 'safe' }, token)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.code).toBe('invalid_data')
    const otherChain = await link(
      { ...(await linkBody(account.address, (message) => account.signMessage({ message }), { chainId: 1 })), smart_wallet_type: 'kernel' },
      token,
    )
    expect(otherChain.status).toBe(400)
    expect(otherChain.body.code).toBe('invalid_credentials')
  })

  it('refuses every smart wallet on an app without smart wallets', async () => {
    const plain = await t.createApp({ name: 'No smart wallets', allowedOrigins: [ORIGIN], loginMethods: ['email', 'wallet'] })
    const account = privateKeyToAccount(generatePrivateKey())
    const body = await linkBody(account.address, (message) => account.signMessage({ message }), { appId: plain.id, chainId: 1 })
    const response = await link({ ...body, smart_wallet_type: 'kernel' }, await emailUser(plain.id), plain.id)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('feature_not_enabled')
  })
})
