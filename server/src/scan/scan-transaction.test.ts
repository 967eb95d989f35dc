import { encodeFunctionData, maxUint256, numberToHex, parseEther, type Abi, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScanTransactionInput, ScanTransactionParams, ScanTransactionResponse } from '../../../src/protocol/index.js'
import {
  ANVIL_FIRST_PRIVATE_KEY,
  deployTestContracts,
  mintErc1155,
  mintErc20,
  mintErc721,
  TEST_ERC20,
  TEST_ERC721,
  testContractAbis,
  type TestContracts,
} from '../../../test/harness/evm-contracts.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { startTestServer, type ApiResponse, type TestServer } from '../test-support/test-server.js'

let anvil: Anvil
let t: TestServer
let token: string
let contracts: TestContracts
let abis: ReturnType<typeof testContractAbis>
const wallet = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address
const stranger = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address
const denied = stranger()
const trusted = stranger()
const WALLET_ETH = parseEther('10')
const WALLET_TTT = 1000n * 10n ** 18n

beforeAll(async () => {
  anvil = await startAnvil()
  contracts = await deployTestContracts(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY)
  abis = testContractAbis()
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [wallet, numberToHex(WALLET_ETH)] }),
  })
  await mintErc20(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc20, wallet, WALLET_TTT)
  await mintErc721(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc721, wallet, 7n)
  await mintErc1155(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc1155, wallet, 1n, 10n)
  await mintErc1155(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc1155, wallet, 2n, 20n)
  t = await startTestServer({
    app: {
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
      transactionScanning: { enabled: true, denyList: [denied], trustedSpenders: [trusted] },
      tokenPrices: { [`${anvil.chainId}:ETH`]: 3000, [`${anvil.chainId}:${contracts.erc20.toLowerCase()}`]: 0.5 },
    },
  })
  token = (await t.login('scanner@example.com')).body.token as string
}, 120_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

const call = (abi: Abi, to: Address, functionName: string, args: readonly unknown[]): ScanTransactionParams => ({
  from: wallet,
  to,
  data: encodeFunctionData({ abi, functionName, args }),
})
const body = (params: ScanTransactionParams, chainId: number | string = anvil.chainId): ScanTransactionInput => ({
  chain_id: String(chainId),
  metadata: { domain: 'allowed.test' },
  request: { method: 'eth_sendTransaction', params: [params] },
})
const scan = (params: ScanTransactionParams, chainId?: number | string): Promise<ApiResponse<ScanTransactionResponse>> =>
  t.call('/api/v1/scan/transaction', { body: body(params, chainId), token })

function success(response: ApiResponse<ScanTransactionResponse>) {
  expect(response.status).toBe(200)
  const { validation, simulation } = response.body
  if (validation.status !== 'Success' || simulation.status !== 'Success') throw new Error(`expected a successful scan: ${JSON.stringify(response.body)}`)
  return { validation, simulation }
}

const nativeAsset = { type: 'NATIVE', address: null, name: 'Ether', symbol: 'ETH', decimals: 18 }
const erc20Asset = () => ({
  type: 'ERC20',
  address: contracts.erc20.toLowerCase(),
  name: TEST_ERC20.name,
  symbol: TEST_ERC20.symbol,
  decimals: TEST_ERC20.decimals,
})

describe('POST /api/v1/scan/transaction', () => {
  it('finds a plain ETH send Benign, with the native diff out and its USD value', async () => {
    const to = stranger()
    const { validation, simulation } = success(await scan({ from: wallet, to, value: numberToHex(parseEther('1.5')) }))
    expect(validation).toEqual({ status: 'Success', result_type: 'Benign', reason: '', description: '', features: [] })
    expect(simulation.assets_diffs).toEqual([
      { asset: nativeAsset, in: [], out: [{ value: '1.5', raw_value: parseEther('1.5').toString(), usd_price: '4500.00' }] },
    ])
    expect(simulation.exposures).toEqual([])
  })

  it('reads an ERC-20 transfer out of the wallet, with the token read from the chain and priced by address', async () => {
    const { validation, simulation } = success(await scan(call(abis.TestERC20, contracts.erc20, 'transfer', [stranger(), 25n * 10n ** 18n])))
    expect(validation.result_type).toBe('Benign')
    expect(simulation.assets_diffs).toEqual([
      { asset: erc20Asset(), in: [], out: [{ value: '25', raw_value: (25n * 10n ** 18n).toString(), usd_price: '12.50' }] },
    ])
  })

  it('reads tokens coming into the wallet', async () => {
    const { simulation } = success(await scan(call(abis.TestERC20, contracts.erc20, 'mint', [wallet, 3n * 10n ** 18n])))
    expect(simulation.assets_diffs).toEqual([
      { asset: erc20Asset(), in: [{ value: '3', raw_value: (3n * 10n ** 18n).toString(), usd_price: '1.50' }], out: [] },
    ])
  })

  it('reads ERC-721 and ERC-1155 batch transfers with their token ids', async () => {
    const nft = success(await scan(call(abis.TestERC721, contracts.erc721, 'safeTransferFrom', [wallet, stranger(), 7n])))
    expect(nft.validation.result_type).toBe('Benign')
    expect(nft.simulation.assets_diffs).toEqual([
      {
        asset: { type: 'ERC721', address: contracts.erc721.toLowerCase(), name: TEST_ERC721.name, symbol: TEST_ERC721.symbol },
        in: [],
        out: [{ value: '1', raw_value: '1', token_id: '7' }],
      },
    ])
    const batch = success(await scan(call(abis.TestERC1155, contracts.erc1155, 'safeBatchTransferFrom', [wallet, stranger(), [1n, 2n], [4n, 5n], '0x'])))
    expect(batch.simulation.assets_diffs).toEqual([
      {
        asset: { type: 'ERC1155', address: contracts.erc1155.toLowerCase() },
        in: [],
        out: [
          { value: '4', raw_value: '4', token_id: '1' },
          { value: '5', raw_value: '5', token_id: '2' },
        ],
      },
    ])
  })

  it('warns on a limited approval of a contract (unverified spender) and shows the exposure', async () => {
    const spender = contracts.erc721.toLowerCase()
    const { validation, simulation } = success(await scan(call(abis.TestERC20, contracts.erc20, 'approve', [spender, 40n * 10n ** 18n])))
    expect(validation).toMatchObject({
      result_type: 'Warning',
      reason: 'unverified_spender',
      features: [expect.objectContaining({ type: 'Warning', feature_id: 'unverified_spender', address: spender })],
    })
    expect(simulation.exposures).toEqual([
      { asset: erc20Asset(), spenders: { [spender]: { value: '40', raw_value: (40n * 10n ** 18n).toString(), usd_price: '20.00' } } },
    ])
    expect(simulation.assets_diffs).toEqual([])
  })

  it('warns on an unlimited approval of a contract', async () => {
    const spender = contracts.erc1155.toLowerCase()
    const { validation, simulation } = success(await scan(call(abis.TestERC20, contracts.erc20, 'approve', [spender, maxUint256])))
    expect(validation).toMatchObject({ result_type: 'Warning', reason: 'unlimited_approval' })
    expect(simulation.exposures).toEqual([{ asset: erc20Asset(), spenders: { [spender]: { is_unlimited: true } } }])
  })

  it('finds an unlimited approval to an ordinary account Malicious', async () => {
    const spender = stranger()
    const { validation } = success(await scan(call(abis.TestERC20, contracts.erc20, 'approve', [spender, 2n ** 255n])))
    expect(validation).toMatchObject({
      result_type: 'Malicious',
      reason: 'unlimited_approval_to_eoa',
      description: expect.stringContaining('unlimited access'),
    })
  })

  it('lets the app vouch for a spender', async () => {
    const { validation, simulation } = success(await scan(call(abis.TestERC20, contracts.erc20, 'approve', [trusted, maxUint256])))
    expect(validation.result_type).toBe('Benign')
    expect(simulation.exposures[0]?.spenders[trusted]).toEqual({ is_unlimited: true })
  })

  it('finds setApprovalForAll to an ordinary account Malicious, for ERC-721 and ERC-1155 collections', async () => {
    const operator = stranger()
    const nft = success(await scan(call(abis.TestERC721, contracts.erc721, 'setApprovalForAll', [operator, true])))
    expect(nft.validation).toMatchObject({ result_type: 'Malicious', reason: 'approval_for_all_to_eoa' })
    expect(nft.simulation.exposures).toEqual([{ asset: expect.objectContaining({ type: 'ERC721' }), spenders: { [operator]: { approved_for_all: true } } }])
    const multi = success(await scan(call(abis.TestERC1155, contracts.erc1155, 'setApprovalForAll', [operator, true])))
    expect(multi.validation).toMatchObject({ result_type: 'Malicious', reason: 'approval_for_all_to_eoa' })
    expect(multi.simulation.exposures[0]?.asset).toEqual({ type: 'ERC1155', address: contracts.erc1155.toLowerCase() })
  })

  it('does not flag revoking an approval', async () => {
    const { validation, simulation } = success(await scan(call(abis.TestERC721, contracts.erc721, 'setApprovalForAll', [stranger(), false])))
    expect(validation.result_type).toBe('Benign')
    expect(simulation.exposures).toEqual([])
  })

  it('finds a send to a deny-listed address Malicious, directly or through a token', async () => {
    const direct = success(await scan({ from: wallet, to: denied, value: numberToHex(1000n) }))
    expect(direct.validation).toMatchObject({
      result_type: 'Malicious',
      reason: 'deny_listed_address',
      features: [expect.objectContaining({ address: denied })],
    })
    const viaToken = success(await scan(call(abis.TestERC20, contracts.erc20, 'transfer', [denied, 1n])))
    expect(viaToken.validation).toMatchObject({ result_type: 'Malicious', reason: 'deny_listed_address' })
  })

  it('finds draining the native balance or a whole token balance to an ordinary account Malicious', async () => {
    const native = success(await scan({ from: wallet, to: stranger(), value: numberToHex((WALLET_ETH * 96n) / 100n) }))
    expect(native.validation).toMatchObject({ result_type: 'Malicious', reason: 'native_drain' })
    const justBelow = success(await scan({ from: wallet, to: stranger(), value: numberToHex((WALLET_ETH * 94n) / 100n) }))
    expect(justBelow.validation.result_type).toBe('Benign')
    const tokens = success(await scan(call(abis.TestERC20, contracts.erc20, 'transfer', [stranger(), WALLET_TTT])))
    expect(tokens.validation).toMatchObject({
      result_type: 'Malicious',
      reason: 'token_drain',
      features: [expect.objectContaining({ address: contracts.erc20.toLowerCase() })],
    })
  })

  it('reports a reverting call as a failed simulation and a Warning', async () => {
    const response = await scan(call(abis.Reverter, contracts.reverter, 'fail', []))
    expect(response.status).toBe(200)
    expect(response.body.simulation).toEqual({ status: 'Error', error: 'Simulation failed: execution reverted: Reverter: always fails' })
    expect(response.body.validation).toMatchObject({ status: 'Success', result_type: 'Warning', reason: 'simulation_reverted' })
  })

  it('answers a chain without an RPC with a failed simulation, never a server error', async () => {
    const response = await scan({ from: wallet, to: stranger(), value: '0x1' }, '0x2105')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ validation: { status: 'Error', error: 'Simulation failed' }, simulation: { status: 'Error', error: 'Simulation failed' } })
    // The deny-list needs no simulation.
    const deniedResponse = await scan({ from: wallet, to: denied }, 8453)
    expect(deniedResponse.body.validation).toMatchObject({ result_type: 'Malicious', reason: 'deny_listed_address' })
  })

  it('answers an unreachable RPC with a failed simulation', async () => {
    const app = await t.createApp({ allowedOrigins: [], walletRpcUrls: { '31337': 'http://127.0.0.1:9/' } })
    const session = (await t.login('scanner-unreachable@example.com', app.id)).body.token as string
    const response = await t.call('/api/v1/scan/transaction', { body: body({ from: wallet, to: stranger() }), token: session, appId: app.id })
    expect(response.status).toBe(200)
    expect(response.body.simulation).toEqual({ status: 'Error', error: 'Simulation failed' })
  })

  it('refuses malformed input with 400 invalid_data', async () => {
    const bad: unknown[] = [
      {},
      { ...body({ from: wallet }), request: { method: 'eth_sign', params: [{ from: wallet }] } },
      body({ from: 'not-an-address' } as never),
      body({ from: wallet, value: '1.5' }),
      body({ from: wallet }, 'mainnet'),
      { ...body({ from: wallet }), metadata: {} },
    ]
    for (const input of bad) {
      const response = await t.call('/api/v1/scan/transaction', { body: input, token })
      expect(response.status, JSON.stringify(input)).toBe(400)
      expect(response.body.code).toBe('invalid_data')
    }
    const notJson = await t.call('/api/v1/scan/transaction', { rawBody: '{', token })
    expect(notJson.body.code).toBe('invalid_data')
  })

  it('requires a session', async () => {
    const response = await t.call('/api/v1/scan/transaction', { body: body({ from: wallet, to: stranger() }) })
    expect(response.status).toBe(401)
    expect(response.body.code).toBe('missing_or_invalid_token')
  })

  it('answers feature_not_enabled when the app turned scanning off', async () => {
    const app = await t.createApp({ allowedOrigins: [], transactionScanning: { enabled: false, denyList: [], trustedSpenders: [] } })
    const session = (await t.login('scanner-off@example.com', app.id)).body.token as string
    const response = await t.call('/api/v1/scan/transaction', { body: body({ from: wallet, to: stranger() }), token: session, appId: app.id })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('feature_not_enabled')
  })
})
