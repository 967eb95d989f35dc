/**
 * Sponsorship on a real chain: anvil with EntryPoints 0.7 and 0.8, a VerifyingPaymaster on each, Simple7702Account
 * and SimpleAccount's factory (test/harness/aa-stack.ts), the alto bundler serving both; viem's own ERC-7677 paymaster client calling this server's endpoint
 * with the user's access token, as a smart-wallet client does, and a server-managed wallet's sponsored send through
 * the wallet rpc route (the signer process signs the delegation and the operation).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, defineChain, http, parseAbi, parseEther, type Address, type Chain, type PublicClient } from 'viem'
import { createBundlerClient, createPaymasterClient, toSimple7702SmartAccount, type SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { deployAccountAbstraction, startBundler, type AccountAbstractionAddresses, type Bundler } from '../../../test/harness/aa-stack.js'
import { localKeyEncryptionKeys } from '../secrets/local-key-encryption-keys.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { serverWalletUser } from '../test-support/server-wallet-user.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { evmNetwork, sponsoredSpendOf, utcDay } from './ledger.js'
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
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoints: [aa.entryPoint07, aa.entryPoint08] })
    chain = defineChain({
      id: anvil.chainId,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    reader = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50, cacheTime: 0 })
    server = await startTestServer({
      overrides: { keyEncryptionKeys: kek },
      app: {
        embeddedWallets: {
          ethereumCreateOnLogin: 'off',
          solanaCreateOnLogin: 'off',
          requireUserPasswordOnCreate: false,
          userOwnedRecoveryOptions: ['user-passcode'],
          googleDriveApiUrl: 'https://www.googleapis.com',
          mode: 'user-controlled-server-wallets-only',
        },
        chains: [
          {
            id: anvil.chainId,
            name: 'Anvil',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrl: anvil.rpcUrl,
            blockExplorerUrl: null,
            testnet: true,
          },
        ],
        gasSponsorship: {
          enabled: true,
          allowedChainIds: [anvil.chainId],
          allowedContracts: [allowedRecipient.toLowerCase() as Address],
          dailyCapPerUserWei: parseEther('1').toString(),
          chains: {
            [anvil.chainId]: {
              paymasters: { '0.7': aa.verifyingPaymaster07, '0.8': aa.verifyingPaymaster08 },
              bundlerUrl: bundler.url,
              simple7702AccountAddress: aa.simple7702Account,
            },
          },
        },
      },
    })
    await storePaymasterKey(server.db, kek, server.app.id, paymasterKey)
    const login = await server.login('chain@example.com')
    token = login.body.token
    userId = login.body.user.id
    await server.db.query("INSERT INTO linked_accounts (app_id, user_id, type, address, verified_at) VALUES ($1, $2, 'smart_wallet', $3, $4)", [
      server.app.id,
      userId,
      owner.address,
      Date.now(),
    ])
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await bundler?.stop()
    await anvil?.stop()
  })

  const bundlerClientFor = async (account: SmartAccount) => {
    // What a smart-wallet client sends: the user's access token on the paymaster transport.
    const paymaster = createPaymasterClient({
      transport: http(`${server.url}/api/v1/apps/${server.app.id}/paymaster`, { fetchOptions: { headers: { authorization: `Bearer ${token}` } } }),
    })
    return {
      account,
      client: createBundlerClient({ account, client: reader, paymaster, transport: http(bundler.url, { timeout: 60_000 }), pollingInterval: 50 }),
    }
  }
  const simple7702Client = async () => bundlerClientFor(await toSimple7702SmartAccount({ client: reader, owner, implementation: aa.simple7702Account }))
  const deposit = (version: '0.7' | '0.8' = '0.8') =>
    version === '0.7'
      ? reader.readContract({ address: aa.entryPoint07, abi: entryPointAbi, functionName: 'balanceOf', args: [aa.verifyingPaymaster07] })
      : reader.readContract({ address: aa.entryPoint08, abi: entryPointAbi, functionName: 'balanceOf', args: [aa.verifyingPaymaster08] })

  it('an EIP-7702 account with no ether sends to an allowed contract: its balance stays 0 and the EntryPoint 0.8 paymaster deposit pays', async () => {
    const { account, client } = await simple7702Client()
    const authorization = await owner.signAuthorization({
      address: aa.simple7702Account,
      chainId: anvil.chainId,
      nonce: await reader.getTransactionCount({ address: owner.address }),
    })
    const [depositBefore, deposit07Before] = [await deposit(), await deposit('0.7')]
    const hash = await client.sendUserOperation({ calls: [{ to: allowedRecipient, value: 0n }], authorization })
    const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(aa.verifyingPaymaster08.toLowerCase())
    expect(await reader.getBalance({ address: account.address })).toBe(0n)
    expect(await deposit()).toBe(depositBefore - receipt.actualGasCost)
    expect(await deposit('0.7')).toBe(deposit07Before)
    expect(
      await sponsoredSpendOf(server.db, { appId: server.app.id, userId, network: evmNetwork(anvil.chainId), day: utcDay(server.clock.now()) }),
    ).toBeGreaterThanOrEqual(receipt.actualGasCost)
  }, 60_000)

  it('an EntryPoint 0.7 account (SimpleAccount) with no ether is deployed and sends on the same chain: the EntryPoint 0.7 paymaster pays, not the 0.8 one', async () => {
    const account07 = await toSimpleSmartAccount({
      client: reader,
      owner: privateKeyToAccount(generatePrivateKey()),
      factoryAddress: aa.factories.simpleAccount07,
      entryPoint: { address: aa.entryPoint07, version: '0.7' },
    })
    await server.db.query("INSERT INTO linked_accounts (app_id, user_id, type, address, verified_at) VALUES ($1, $2, 'smart_wallet', $3, $4)", [
      server.app.id,
      userId,
      account07.address,
      Date.now(),
    ])
    const { client } = await bundlerClientFor(account07)
    const [deposit07Before, deposit08Before] = [await deposit('0.7'), await deposit()]
    const hash = await client.sendUserOperation({ calls: [{ to: allowedRecipient, value: 0n }] })
    const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
    expect(receipt.success).toBe(true)
    expect(receipt.entryPoint.toLowerCase()).toBe(aa.entryPoint07.toLowerCase())
    expect(receipt.paymaster?.toLowerCase()).toBe(aa.verifyingPaymaster07.toLowerCase())
    expect(await reader.getBalance({ address: account07.address })).toBe(0n)
    expect(await deposit('0.7')).toBe(deposit07Before - receipt.actualGasCost)
    expect(await deposit()).toBe(deposit08Before)
  }, 60_000)

  it('a call to a contract not allowed is refused by the endpoint with policy_violation, and nothing is paid', async () => {
    const { client } = await simple7702Client()
    const depositBefore = await deposit()
    const refused = await client.sendUserOperation({ calls: [{ to: privateKeyToAccount(generatePrivateKey()).address, value: 0n }] }).then(
      () => null,
      (error: Error) => error,
    )
    expect(refused?.message).toMatch(/calls to 0x[0-9a-f]{40} are not sponsored by this app/)
    expect(await deposit()).toBe(depositBefore)
  }, 60_000)

  const serverWalletUserOf = async () => {
    const user = await serverWalletUser(server, 'ethereum')
    return { ...user, wallet: user.wallet as { id: string; address: Address } }
  }
  const sponsoredSend = (to: Address) => ({
    method: 'eth_sendTransaction',
    caip2: `eip155:${anvil.chainId}`,
    sponsor: true,
    params: { transaction: { to, value: '0x0' } },
  })

  it('a server-managed wallet with no ether sends sponsored twice: delegated by EIP-7702 once, its balance untouched, the paymaster pays', async () => {
    const { wallet, rpc, userId: owner } = await serverWalletUserOf()
    const depositBefore = await deposit()
    const first = await rpc(sponsoredSend(allowedRecipient))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      method: 'eth_sendTransaction',
      data: { caip2: `eip155:${anvil.chainId}`, hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    // The answer is the bundle's transaction: the bundler's handleOps call to EntryPoint 0.8.
    const bundle = await reader.getTransaction({ hash: first.body.data.hash })
    expect(bundle.to?.toLowerCase()).toBe(aa.entryPoint08.toLowerCase())
    expect((await reader.getCode({ address: wallet.address }))?.toLowerCase()).toBe(`0xef0100${aa.simple7702Account.slice(2).toLowerCase()}`)
    const second = await rpc(sponsoredSend(allowedRecipient))
    expect(second.status).toBe(200)
    expect((await reader.getTransaction({ hash: second.body.data.hash })).authorizationList ?? []).toEqual([])
    expect(await reader.getBalance({ address: wallet.address })).toBe(0n)
    const paid = depositBefore - (await deposit())
    expect(paid).toBeGreaterThan(0n)
    // After the receipts the ledger holds what the operations cost, not their reserved maximum.
    expect(
      await sponsoredSpendOf(server.db, { appId: server.app.id, userId: owner, network: evmNetwork(anvil.chainId), day: utcDay(server.clock.now()) }),
    ).toBe(paid)
  }, 60_000)

  it('the rpc route refuses a sponsored send to a contract not allowed (policy_violation) and sponsor on a signing method', async () => {
    const { rpc } = await serverWalletUserOf()
    const refused = await rpc(sponsoredSend(privateKeyToAccount(generatePrivateKey()).address))
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      code: 'policy_violation',
      error: expect.stringMatching(/^Sponsorship policy: calls to 0x[0-9a-f]{40} are not sponsored by this app$/),
    })
    const signOnly = await rpc({ method: 'personal_sign', sponsor: true, params: { message: 'hi', encoding: 'utf-8' } })
    expect(signOnly.status).toBe(400)
  }, 60_000)
})
