import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeFunctionData, numberToHex, parseAbi, recoverMessageAddress, slice, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { localKeyEncryptionKeys } from '../secrets/local-key-encryption-keys.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { evmNetwork, sponsoredSpendOf, utcDay } from './ledger.js'
import { storePaymasterKey } from './paymaster-key.js'
import type { GasSponsorshipSettings } from './settings.js'
import { verifyingPaymasterHash } from './verifying-paymaster.js'
import { toPackedUserOperation } from 'viem/account-abstraction'

const allowedContract = '0x1111111111111111111111111111111111111111'
const otherContract = '0x2222222222222222222222222222222222222222'
const paymaster = '0x3333333333333333333333333333333333333333'
const paymaster08 = '0x4444444444444444444444444444444444444444'
/** A chain whose app sponsors both EntryPoints, each through its own VerifyingPaymaster. */
const bothEntryPointsChainId = 8453
const executeAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])
const gasSponsorship: GasSponsorshipSettings = {
  enabled: true,
  allowedChainIds: [31337, bothEntryPointsChainId],
  allowedContracts: [allowedContract],
  // Two operations of the test's gas at 1 gwei.
  dailyCapPerUserWei: (2n * 1_100_000n * 10n ** 9n).toString(),
  chains: {
    31337: { paymasters: { '0.7': paymaster }, bundlerUrl: 'http://127.0.0.1:1' },
    [bothEntryPointsChainId]: { paymasters: { '0.7': paymaster, '0.8': paymaster08 }, bundlerUrl: 'http://127.0.0.1:1' },
  },
}

describe('the ERC-7677 paymaster endpoint', () => {
  let server: TestServer
  const kek = localKeyEncryptionKeys(randomBytes(32))
  const paymasterKey = generatePrivateKey()
  let token: string
  let userId: string
  const smartWallet = privateKeyToAccount(generatePrivateKey()).address

  beforeAll(async () => {
    server = await startTestServer({ app: { gasSponsorship }, overrides: { keyEncryptionKeys: kek } })
    await storePaymasterKey(server.db, kek, server.app.id, paymasterKey)
    const login = await server.login('sponsored@example.com')
    token = login.body.token
    userId = login.body.user.id
    await server.db.query("INSERT INTO linked_accounts (app_id, user_id, type, address, verified_at) VALUES ($1, $2, 'smart_wallet', $3, $4)", [
      server.app.id,
      userId,
      smartWallet,
      Date.now(),
    ])
  })
  afterAll(async () => server?.close())

  const userOperation = (overrides: Record<string, unknown> = {}) => ({
    sender: smartWallet,
    nonce: '0x0',
    callData: encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [allowedContract, 0n, '0x'] }),
    callGasLimit: numberToHex(500_000n),
    verificationGasLimit: numberToHex(400_000n),
    preVerificationGas: numberToHex(100_000n),
    maxFeePerGas: numberToHex(10n ** 9n),
    maxPriorityFeePerGas: numberToHex(10n ** 9n),
    signature: '0x',
    ...overrides,
  })
  const rpc = (method: string, params: unknown[], options: { token?: string | null; appId?: string } = {}) =>
    server.call(`/api/v1/apps/${options.appId ?? server.app.id}/paymaster`, {
      body: { jsonrpc: '2.0', id: 7, method, params },
      appId: null,
      ...(options.token !== null && { token: options.token ?? token }),
    })
  const params = (op = userOperation(), context: unknown = {}) => [op, entryPoint07Address, '0x7a69', context]

  it('stub data: the paymaster, stub data of the final size, its gas limits, the sponsor name, not final', async () => {
    const response = await rpc('pm_getPaymasterStubData', params())
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { paymaster, paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0', sponsor: { name: 'Test App' }, isFinal: false },
    })
    expect((response.body.result.paymasterData.length - 2) / 2).toBe(64 + 65)
  })

  it("data: signed by the app's paymaster key over the VerifyingPaymaster hash, valid for 300 s from now by default (from a minute before, for block time); the maximum cost is reserved", async () => {
    const op = userOperation({ paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0' })
    const before = Math.floor(server.clock.now() / 1000)
    const response = await rpc('pm_getPaymasterData', params(op))
    expect(response.status).toBe(200)
    const { paymasterData } = response.body.result as { paymasterData: Hex }
    const now = Number(BigInt(slice(paymasterData, 32, 64))) + 60
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(Math.floor(server.clock.now() / 1000))
    expect(BigInt(slice(paymasterData, 0, 32))).toBe(BigInt(now + 300))
    const packed = toPackedUserOperation({
      sender: smartWallet,
      nonce: 0n,
      callData: op.callData,
      callGasLimit: 500_000n,
      verificationGasLimit: 400_000n,
      preVerificationGas: 100_000n,
      maxFeePerGas: 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
      signature: '0x',
      paymaster,
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 0n,
      paymasterData: '0x',
    })
    const hash = verifyingPaymasterHash(packed, { chainId: 31337, paymaster, validUntil: now + 300, validAfter: now - 60 })
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: slice(paymasterData, 64) })).toBe(privateKeyToAccount(paymasterKey).address)
    expect(await sponsoredSpendOf(server.db, { appId: server.app.id, userId, network: evmNetwork(31337), day: utcDay(server.clock.now()) })).toBe(
      1_100_000n * 10n ** 9n,
    )
  })

  it('a context expiry shortens the window; a mode other than SPONSORED is invalid params', async () => {
    const short = (await rpc('pm_getPaymasterStubData', params(userOperation(), { expiry: 60 }))).body.result.paymasterData
    expect(BigInt(slice(short as Hex, 0, 32)) - BigInt(slice(short as Hex, 32, 64))).toBe(60n + 60n)
    const erc20 = await rpc('pm_getPaymasterStubData', params(userOperation(), { mode: 'ERC20' }))
    expect(erc20.status).toBe(400)
    expect(erc20.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: 3\.mode: this paymaster only sponsors/) })
  })

  it('refuses a call to a contract not allowed, inside a batch, with policy_violation naming the contract', async () => {
    const callData = encodeFunctionData({
      abi: executeAbi,
      functionName: 'executeBatch',
      args: [
        [
          { target: allowedContract, value: 0n, data: '0x' },
          { target: otherContract, value: 1n, data: '0x' },
        ],
      ],
    })
    const response = await rpc('pm_getPaymasterData', params(userOperation({ callData })))
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({
      id: 7,
      error: { code: -32000, message: `Sponsorship policy: calls to ${otherContract} are not sponsored by this app`, data: { code: 'policy_violation' } },
    })
  })

  it("refuses a chain not allowed, and an EntryPoint the chain's paymaster does not serve", async () => {
    const chain = await rpc('pm_getPaymasterStubData', [userOperation(), entryPoint07Address, '0x1', {}])
    expect(chain.status).toBe(403)
    expect(chain.body.error).toMatchObject({ message: 'Sponsorship policy: chain 1 is not sponsored by this app', data: { code: 'policy_violation' } })
    const entryPoint = await rpc('pm_getPaymasterStubData', [userOperation(), entryPoint08Address, '0x7a69', {}])
    expect(entryPoint.status).toBe(400)
    expect(entryPoint.body.error).toMatchObject({
      message: `This app's paymasters on chain 31337 serve EntryPoint 0.7 (${entryPoint07Address}), not ${entryPoint08Address}`,
      data: { code: 'invalid_data' },
    })
    const unknown = await rpc('pm_getPaymasterStubData', [userOperation(), otherContract, numberToHex(bothEntryPointsChainId), {}])
    expect(unknown.body.error.message).toBe(
      `This app's paymasters on chain ${bothEntryPointsChainId} serve EntryPoint 0.7 (${entryPoint07Address}) and 0.8 (${entryPoint08Address}), not ${otherContract}`,
    )
  })

  it("answers the paymaster of the operation's EntryPoint on a chain that has one for each", async () => {
    const stub = (entryPoint: string) => rpc('pm_getPaymasterStubData', [userOperation(), entryPoint, numberToHex(bothEntryPointsChainId), {}])
    expect((await stub(entryPoint07Address)).body.result.paymaster).toBe(paymaster)
    expect((await stub(entryPoint08Address)).body.result.paymaster).toBe(paymaster08)
  })

  it("refuses a sender that is not one of the user's wallets", async () => {
    const response = await rpc('pm_getPaymasterStubData', params(userOperation({ sender: otherContract })))
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({
      message: "Sponsorship policy: the user operation's sender is not one of this user's wallets",
      data: { code: 'policy_violation' },
    })
  })

  it('refuses past the daily cap: the second operation fits, the third does not, and the ledger holds the cap', async () => {
    const op = userOperation({ paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0' })
    expect((await rpc('pm_getPaymasterData', params(op))).status).toBe(200)
    const over = await rpc('pm_getPaymasterData', params(op))
    expect(over.status).toBe(403)
    expect(over.body.error).toMatchObject({
      message: 'Sponsorship policy: the daily sponsorship cap for this user is reached',
      data: { code: 'policy_violation' },
    })
    expect(await sponsoredSpendOf(server.db, { appId: server.app.id, userId, network: evmNetwork(31337), day: utcDay(server.clock.now()) })).toBe(
      BigInt(gasSponsorship.dailyCapPerUserWei),
    )
  })

  it('refuses without a live access token, for an unknown app, an unknown method and malformed requests (never a 5xx)', async () => {
    expect((await rpc('pm_getPaymasterStubData', params(), { token: null })).body.error).toMatchObject({ data: { code: 'missing_or_invalid_token' } })
    expect((await rpc('pm_getPaymasterStubData', params(), { token: 'not-a-token' })).status).toBe(401)
    expect((await rpc('pm_getPaymasterStubData', params(), { appId: 'x'.repeat(25) })).status).toBe(404)
    expect((await rpc('eth_sendUserOperation', params())).body.error.code).toBe(-32601)
    for (const bad of [
      [],
      [userOperation({ nonce: 'zero' })],
      [userOperation(), '0x12', '0x7a69'],
      'params',
      [userOperation({ callData: '0x1' }), entryPoint07Address, '0x7a69'],
    ]) {
      const response = await rpc('pm_getPaymasterData', bad as unknown[])
      expect(response.status).toBe(400)
      expect(response.body.error.code).toBe(-32602)
    }
    const notJson = await server.call(`/api/v1/apps/${server.app.id}/paymaster`, { rawBody: '{', appId: null, token })
    expect(notJson.status).toBe(400)
    expect(notJson.body.error.code).toBe(-32600)
  })

  it('an app without sponsorship answers feature_not_enabled', async () => {
    const other = await server.createApp({ name: 'No sponsor', allowedOrigins: [] })
    const login = await server.login('plain@example.com', other.id)
    const response = await rpc('pm_getPaymasterStubData', params(), { appId: other.id, token: login.body.token })
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({ message: 'Gas sponsorship is not enabled for this app', data: { code: 'feature_not_enabled' } })
  })
})
