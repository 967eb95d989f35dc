/**
 * The paymaster endpoint on a real chain: anvil with EntryPoint 0.8, the VerifyingPaymaster and Simple7702Account
 * (test/harness/aa-stack.ts), the alto bundler, and viem's own ERC-7677 paymaster client calling this server's
 * endpoint with the user's access token, as a smart-wallet client does.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, defineChain, http, parseAbi, parseEther, type Address, type Chain, type PublicClient } from 'viem'
import { createBundlerClient, createPaymasterClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { deployAccountAbstraction, startBundler, type AccountAbstractionAddresses, type Bundler } from '../../../test/harness/aa-stack.js'
import { localKeyEncryptionKeys } from '../secrets/local-key-encryption-keys.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { sponsoredSpendOf, utcDay } from './ledger.js'
import { storePaymasterKey } from './paymaster-key.js'

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

describe('a user operation sponsored through the paymaster endpoint', () => {
  let anvil: Anvil
  let bundler: Bundler
  let aa: AccountAbstractionAddresses
  let server: TestServer
  let reader: PublicClient
  let chain: Chain
  let token: string
  let userId: string
  const allowedRecipient = privateKeyToAccount(generatePrivateKey()).address
  const owner = privateKeyToAccount(generatePrivateKey())
  const kek = localKeyEncryptionKeys(randomBytes(32))

  beforeAll(async () => {
    const paymasterKey = generatePrivateKey()
    anvil = await startAnvil()
    aa = await deployAccountAbstraction(anvil.rpcUrl, { paymasterSigner: privateKeyToAccount(paymasterKey).address })
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoints: [aa.entryPoint08] })
    chain = defineChain({ id: anvil.chainId, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } })
    reader = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50, cacheTime: 0 })
    server = await startTestServer({
      overrides: { keyEncryptionKeys: kek },
      app: {
        gasSponsorship: {
          enabled: true, allowedChainIds: [anvil.chainId], allowedContracts: [allowedRecipient.toLowerCase() as Address], dailyCapPerUserWei: parseEther('1').toString(),
          chains: { [anvil.chainId]: { paymasterAddress: aa.verifyingPaymaster08, entryPointVersion: '0.8', bundlerUrl: bundler.url } },
        },
      },
    })
    await storePaymasterKey(server.db, kek, server.app.id, paymasterKey)
    const login = await server.login('chain@example.com')
    token = login.body.token
    userId = login.body.user.id
    await server.db.query("INSERT INTO linked_accounts (app_id, user_id, type, address, verified_at) VALUES ($1, $2, 'smart_wallet', $3, $4)", [server.app.id, userId, owner.address, Date.now()])
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await bundler?.stop()
    await anvil?.stop()
  })

  const bundlerClientFor = async () => {
    const account = await toSimple7702SmartAccount({ client: reader, owner, implementation: aa.simple7702Account })
    // What a smart-wallet client sends: the user's access token on the paymaster transport.
    const paymaster = createPaymasterClient({ transport: http(`${server.url}/api/v1/apps/${server.app.id}/paymaster`, { fetchOptions: { headers: { authorization: `Bearer ${token}` } } }) })
    return { account, client: createBundlerClient({ account, client: reader, paymaster, transport: http(bundler.url), pollingInterval: 50 }) }
  }
  const deposit = () => reader.readContract({ address: aa.entryPoint08, abi: entryPointAbi, functionName: 'balanceOf', args: [aa.verifyingPaymaster08] })

  it('an EIP-7702 account with no ether sends to an allowed contract: its balance stays 0 and the paymaster deposit pays', async () => {
    const { account, client } = await bundlerClientFor()
    const authorization = await owner.signAuthorization({ address: aa.simple7702Account, chainId: anvil.chainId, nonce: await reader.getTransactionCount({ address: owner.address }) })
    const depositBefore = await deposit()
    const hash = await client.sendUserOperation({ calls: [{ to: allowedRecipient, value: 0n }], authorization })
    const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(aa.verifyingPaymaster08.toLowerCase())
    expect(await reader.getBalance({ address: account.address })).toBe(0n)
    expect(await deposit()).toBe(depositBefore - receipt.actualGasCost)
    expect(await sponsoredSpendOf(server.db, { appId: server.app.id, userId, chainId: anvil.chainId, day: utcDay(server.clock.now()) })).toBeGreaterThanOrEqual(receipt.actualGasCost)
  }, 60_000)

  it('a call to a contract not allowed is refused by the endpoint with policy_violation, and nothing is paid', async () => {
    const { client } = await bundlerClientFor()
    const depositBefore = await deposit()
    const refused = await client.sendUserOperation({ calls: [{ to: privateKeyToAccount(generatePrivateKey()).address, value: 0n }] }).then(() => null, (error: Error) => error)
    expect(refused?.message).toMatch(/calls to 0x[0-9a-f]{40} are not sponsored by this app/)
    expect(await deposit()).toBe(depositBefore)
  }, 60_000)
})
