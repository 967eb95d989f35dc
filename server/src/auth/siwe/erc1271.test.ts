import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppRecord } from '../../apps/types.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { erc1271WalletBytecode } from './test-support/erc1271-wallet.js'

const ORIGIN = 'https://app.example'
let t: TestServer
let anvil: Anvil
let app: AppRecord
let walletAddress: Address
const owner = privateKeyToAccount(generatePrivateKey())

beforeAll(async () => {
  anvil = await startAnvil()
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
  const deployer = privateKeyToAccount(generatePrivateKey())
  await publicClient.request({ method: 'anvil_setBalance' as never, params: [deployer.address, `0x${parseEther('1').toString(16)}`] as never })
  const hash = await createWalletClient({ account: deployer, chain, transport: http(anvil.rpcUrl) }).deployContract({
    abi: [],
    bytecode: erc1271WalletBytecode(owner.address),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  walletAddress = getAddress(receipt.contractAddress as Address)
  t = await startTestServer({ app: { allowedOrigins: [ORIGIN], loginMethods: ['wallet'], siweChainIds: [31337], walletRpcUrls: { '31337': anvil.rpcUrl } } })
  app = t.app
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

async function signedByOwnerFor(address: Address, signer = owner, { chainId = 31337, appId = t.app.id } = {}) {
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
  return { message, signature: await signer.signMessage({ message }) }
}

describe('SIWE with an ERC-1271 contract wallet on a local chain', () => {
  it('signs the contract wallet in when its owner signed', async () => {
    const response = await t.call('/api/v1/siwe/authenticate', { body: await signedByOwnerFor(walletAddress), headers: { origin: ORIGIN }, appId: app.id })
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'wallet', address: walletAddress, chain_id: 'eip155:31337' })])
  })

  it('rejects the contract wallet when someone else signed', async () => {
    const response = await t.call('/api/v1/siwe/authenticate', {
      body: await signedByOwnerFor(walletAddress, privateKeyToAccount(generatePrivateKey())),
      headers: { origin: ORIGIN },
    })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_credentials')
  })

  it('still verifies plain accounts through the RPC', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const response = await t.call('/api/v1/siwe/authenticate', { body: await signedByOwnerFor(account.address, account), headers: { origin: ORIGIN } })
    expect(response.status).toBe(200)
  })

  it('rejects a contract wallet when the app has no RPC for its chain', async () => {
    const noRpc = await t.createApp({ name: 'No RPC', allowedOrigins: [ORIGIN], loginMethods: ['wallet'], siweChainIds: [31337] })
    const init = await t.call('/api/v1/siwe/init', { body: { address: walletAddress }, headers: { origin: ORIGIN }, appId: noRpc.id })
    const message = createSiweMessage({
      domain: 'app.example',
      address: walletAddress,
      uri: ORIGIN,
      version: '1',
      chainId: 31337,
      nonce: init.body.nonce,
      issuedAt: new Date(t.clock.now()),
    })
    const response = await t.call('/api/v1/siwe/authenticate', {
      body: { message, signature: await owner.signMessage({ message }) },
      headers: { origin: ORIGIN },
      appId: noRpc.id,
    })
    expect(response.status).toBe(400)
  })
})

describe('docs/security.md #26: an ERC-1271 wallet is checked on the chain its message names', () => {
  let otherChain: Anvil
  let twoChains: AppRecord
  const authenticate = async (chainId: number) =>
    t.call('/api/v1/siwe/authenticate', {
      body: await signedByOwnerFor(walletAddress, owner, { chainId, appId: twoChains.id }),
      headers: { origin: ORIGIN },
      appId: twoChains.id,
    })

  beforeAll(async () => {
    // The contract wallet exists on 31337 only; 31338 is a second, empty chain the app also accepts.
    otherChain = await startAnvil({ chainId: 31338 })
    twoChains = await t.createApp({
      name: 'Two chains',
      allowedOrigins: [ORIGIN],
      loginMethods: ['wallet'],
      siweChainIds: [31337, 31338],
      walletRpcUrls: { '31337': anvil.rpcUrl, '31338': otherChain.rpcUrl },
    })
  }, 60_000)
  afterAll(async () => {
    await otherChain?.stop()
  })

  it("rejects the owner's signature for a message naming the chain where the wallet is not deployed", async () => {
    const response = await authenticate(31338)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('invalid_credentials')
  })

  it("accepts the same owner's signature for a message naming the chain where it is deployed", async () => {
    const response = await authenticate(31337)
    expect(response.status).toBe(200)
    expect(response.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'wallet', address: walletAddress, chain_id: 'eip155:31337' })])
  })
})
