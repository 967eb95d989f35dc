/** Sponsored sends of a server-managed (privy-v2) wallet: the confirmation reads 'Sponsored by {app}', the frame asks the wallet API to send, the app pays. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { deployTestContracts, ANVIL_FIRST_PRIVATE_KEY, type TestContracts } from '../../../../test/harness/evm-contracts.js'
import { startAnvil, type Anvil } from '../../../../server/src/test-support/anvil.js'
import type { FrameTransactionRequest } from '../../../protocol/index.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID } from '../../test-support/fixtures.js'
import type { EthereumTransactionConfirmation } from '../../transactions/types.js'
import type { TesseraClient } from '../../types.js'
import { callJsonRpc } from './json-rpc.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

let anvil: Anvil
let contracts: TestContracts
let testbed: EmbeddedTestbed
beforeAll(async () => {
  anvil = await startAnvil()
  contracts = await deployTestContracts(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY)
}, 60_000)
afterAll(async () => {
  await anvil.stop()
})
afterEach(async () => {
  await testbed?.close()
})

const recipient: Address = '0x000000000000000000000000000000000000dEaD'
const anvilChain = () => ({
  id: 31337,
  name: 'Anvil',
  native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpc_url: anvil.rpcUrl,
  block_explorer_url: null,
  testnet: true,
})

const rpc = <T>(method: string, params: unknown[]) => callJsonRpc<T>(anvil.rpcUrl, method, params)

/** A signed-in user whose Ethereum wallet is server-managed and holds no ether on anvil. */
async function signedIn(): Promise<{ client: TesseraClient; address: Address; walletId: string }> {
  testbed = await startEmbeddedTestbed({ serverManaged: true })
  const config = appConfigDto({
    name: 'Sponsor App',
    chains: [anvilChain()],
    default_chain_id: 31337,
    embedded_wallet_config: { ...appConfigDto().embedded_wallet_config, ethereum: { create_on_login: 'all-users' } },
  })
  testbed.api.handle(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: config }),
      'POST /api/v1/sessions': async () => ({ body: await authResponse({ user: testbed.frame.user() }) }),
      'GET /api/v1/users/me': () => ({ body: { user: testbed.frame.user(), identity_token: null } }),
    }),
  )
  const client = testbed.newClient()
  // A mounted UI (it reads the prompt's screen): requests wait for the user's approval.
  client.on('walletPrompt', ({ screen }) => void screen)
  // No scan: approval acts at once.
  client.setConfig({ embeddedWallets: { transactionScanning: { enabled: false } } })
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready' && state.wallets.length === 1)
  return { client, address: wallets[0]!.address as Address, walletId: wallets[0]!.id! }
}

/** The wallet API's stand-in: the app's account pays for the call (the server runs it as a sponsored user operation). */
const appPays = (transaction: FrameTransactionRequest) =>
  createWalletClient({ account: privateKeyToAccount(ANVIL_FIRST_PRIVATE_KEY), chain: foundry, transport: http(anvil.rpcUrl) }).sendTransaction({
    to: transaction.to as Address,
    data: transaction.data,
    value: BigInt(transaction.value ?? 0),
  })

const ethereumConfirmation = (client: TesseraClient, status: EthereumTransactionConfirmation['status']) =>
  embeddedStateWhere(client, (state) => state.confirmations?.[0]?.status === status).then((state) => state.confirmations![0] as EthereumTransactionConfirmation)

const transferCall = () => ({ to: contracts.erc20, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 0n] }) })
const sponsoredRequests = () =>
  testbed.frame.calls.filter((call) => call.event === 'rpc' && (call.data as { request: { method: string } }).request.method === 'eth_sendTransaction')

describe('sponsored sends of server-managed wallets', () => {
  it("confirms with 'Sponsored by {app}' and no fee, sends through the frame with sponsor and the wallet's id, and answers the hash after its receipt", async () => {
    const { client, address, walletId } = await signedIn()
    testbed.frame.sponsoredSend = appPays
    const sending = client.embeddedWallets.sendTransaction({ transaction: transferCall(), sponsor: true })
    const ready = await ethereumConfirmation(client, 'ready')
    // A wallet with no ether may still send: the app pays the fee.
    expect(ready.summary).toMatchObject({ sponsored: true, estimatedFee: null, insufficientFunds: false, balance: { value: 0n } })
    ready.approve()
    const { hash } = await sending
    expect((await ethereumConfirmation(client, 'complete')).receipt).toMatchObject({ hash, status: 'success' })
    const [request] = sponsoredRequests()
    expect(request!.data).toMatchObject({
      walletId,
      chainType: 'ethereum',
      request: { method: 'eth_sendTransaction', sponsor: true, params: [{ to: contracts.erc20, chainId: 31337 }] },
    })
    expect(BigInt(await rpc<Hex>('eth_getBalance', [address, 'latest']))).toBe(0n)
  })

  it('sends headless (wallet UIs off) the same way', async () => {
    const { client } = await signedIn()
    testbed.frame.sponsoredSend = appPays
    const { hash } = await client.embeddedWallets.sendTransaction({ transaction: transferCall(), sponsor: true, uiOptions: { showWalletUIs: false } })
    // Headless, the hash comes back when sent (no receipt screen to wait for): the receipt is awaited here.
    const receipt = await createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({
      hash: hash as Hex,
      pollingInterval: 50,
      timeout: 10_000,
    })
    expect(receipt.status).toBe('success')
    expect(sponsoredRequests()).toHaveLength(1)
  })

  it("shows the server's policy refusal on the confirmation and rejects with policy_violation and its message", async () => {
    const { client } = await signedIn()
    testbed.frame.sponsoredSend = appPays
    const sending = client.embeddedWallets.sendTransaction({ transaction: transferCall(), sponsor: true })
    const ready = await ethereumConfirmation(client, 'ready')
    testbed.frame.failNext('rpc', 'Contract not allowed by the sponsorship policy', 'policy_violation')
    ready.approve()
    const failed = await ethereumConfirmation(client, 'error')
    expect(failed.error).toMatchObject({ code: 'policy_violation', shortMessage: 'Contract not allowed by the sponsorship policy' })
    failed.reject()
    await expect(sending).rejects.toMatchObject({ code: 'policy_violation', shortMessage: 'Contract not allowed by the sponsorship policy' })
  })
})
