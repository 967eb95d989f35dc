import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeFunctionData, encodeFunctionData, hexToBigInt, maxUint256, parseAbi, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScanTransactionInput, ScanTransactionParams } from '../../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'

const API_KEY_ENV = 'TESSERA_TEST_BLOCKAID_KEY'
const API_KEY = 'blockaid-test-key'
const wallet = '0x1111111111111111111111111111111111111111'
const token = '0x2222222222222222222222222222222222222222'
const nft = '0x3333333333333333333333333333333333333333'
const spender = '0x4444444444444444444444444444444444444444'
const erc20Abi = parseAbi(['function approve(address,uint256)', 'function transferFrom(address,address,uint256)'])

interface BlockaidRequest {
  headers: IncomingMessage['headers']
  body: any
}

/**
 * A local stand-in for Blockaid's `POST /v0/evm/json-rpc/scan`: it answers from the request the way the
 * documented response reads (a native send: NATIVE out; `approve`: an ERC-20 exposure and a Warning;
 * `transferFrom` on the NFT address: an ERC-721 out; a `to` of 0xdead…: a simulation error).
 */
async function startBlockaidStandIn() {
  const requests: BlockaidRequest[] = []
  const server: Server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const body = JSON.parse(text)
    requests.push({ headers: request.headers, body })
    const send = (status: number, payload: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
    if (request.url !== '/v0/evm/json-rpc/scan' || request.method !== 'POST') return send(404, { detail: 'Not Found' })
    if (request.headers['x-api-key'] !== API_KEY) return send(401, { detail: 'Invalid API key' })
    const tx = body.data.params[0] as { from: string; to: string; value: Hex; data: Hex }
    const benign = { status: 'Success', result_type: 'Benign', reason: '', description: '', classification: '', features: [] }
    if (tx.to === '0x000000000000000000000000000000000000dead') {
      return send(200, { chain: body.chain, block: '1', validation: benign, simulation: { status: 'Error', error: 'Transaction reverted: out of gas' } })
    }
    const summary: { assets_diffs: unknown[]; exposures: unknown[] } = { assets_diffs: [], exposures: [] }
    let validation: unknown = benign
    if (tx.data === '0x' && hexToBigInt(tx.value) > 0n) {
      const raw = hexToBigInt(tx.value)
      summary.assets_diffs.push({
        asset_type: 'NATIVE',
        asset: { type: 'NATIVE', chain_id: 1, chain_name: 'Ethereum', decimals: 18, logo_url: 'https://logo.test/eth.png', name: 'Ether', symbol: 'ETH' },
        in: [],
        out: [{ raw_value: raw.toString(), value: (Number(raw) / 1e18).toString(), usd_price: ((Number(raw) / 1e18) * 3000).toFixed(2), summary: 'Sent ETH' }],
      })
    } else {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.data })
      if (call.functionName === 'approve') {
        summary.exposures.push({
          asset_type: 'ERC20',
          asset: { type: 'ERC20', address: tx.to.toUpperCase().replace('0X', '0x'), decimals: 6, name: 'USD Coin', symbol: 'USDC' },
          spenders: { [String(call.args[0]).toUpperCase().replace('0X', '0x')]: { approval: call.args[1].toString(), exposure: [] } },
        })
        validation = {
          status: 'Success',
          result_type: 'Warning',
          reason: 'unlimited_approval',
          description: 'Unlimited approval',
          classification: 'approval_farming',
          features: [
            { type: 'Warning', feature_id: 'UNLIMITED_APPROVAL', description: 'Unlimited allowance', address: String(call.args[0]) },
            { type: 'Info', feature_id: 'KNOWN_TOKEN', description: 'A known token' },
          ],
        }
      } else {
        summary.assets_diffs.push({
          asset_type: 'ERC721',
          asset: { type: 'ERC721', address: tx.to, name: 'Apes', symbol: 'APE' },
          in: [],
          out: [{ token_id: call.args[2].toString(), arbitrary_collection_token: false }],
        })
        summary.assets_diffs.push({ asset_type: 'NONERC', asset: { type: 'NONERC', address: tx.to }, in: [], out: [] })
      }
    }
    send(200, {
      chain: body.chain,
      block: '1',
      validation,
      simulation: { status: 'Success', account_summary: summary, assets_diffs: {}, exposures: {}, address_details: {} },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let t: TestServer
let blockaid: Awaited<ReturnType<typeof startBlockaidStandIn>>
let sessionToken: string

beforeAll(async () => {
  process.env[API_KEY_ENV] = API_KEY
  blockaid = await startBlockaidStandIn()
  t = await startTestServer({
    app: { transactionScanning: { enabled: true, denyList: [], trustedSpenders: [], blockaid: { apiUrl: blockaid.url, apiKeyEnv: API_KEY_ENV } } },
  })
  sessionToken = (await t.login('blockaid@example.com')).body.token as string
})
afterAll(async () => {
  await t?.close()
  await blockaid?.close()
  delete process.env[API_KEY_ENV]
})

const scan = (params: Omit<ScanTransactionParams, 'from'>, appId?: string, token = sessionToken) =>
  t.call('/api/v1/scan/transaction', {
    body: {
      chain_id: '1',
      metadata: { domain: 'allowed.test' },
      request: { method: 'eth_sendTransaction', params: [{ from: wallet, ...params }] },
    } satisfies ScanTransactionInput,
    token,
    ...(appId && { appId }),
  })

describe('the Blockaid scanner (against a local stand-in)', () => {
  it('sends the documented request with the API key and maps a native send', async () => {
    blockaid.requests.length = 0
    const response = await scan({ to: spender, value: '0xde0b6b3a7640000' })
    expect(response.status).toBe(200)
    expect(blockaid.requests).toHaveLength(1)
    expect(blockaid.requests[0]!.headers['x-api-key']).toBe(API_KEY)
    expect(blockaid.requests[0]!.body).toEqual({
      chain: '1',
      account_address: wallet,
      data: { method: 'eth_sendTransaction', params: [{ from: wallet, to: spender, value: '0xde0b6b3a7640000', data: '0x' }] },
      metadata: { domain: 'https://allowed.test' },
      options: ['simulation', 'validation'],
      block: 'latest',
    })
    expect(response.body).toEqual({
      validation: { status: 'Success', result_type: 'Benign', reason: '', description: '', features: [] },
      simulation: {
        status: 'Success',
        assets_diffs: [
          {
            asset: { type: 'NATIVE', address: null, name: 'Ether', symbol: 'ETH', logo_url: 'https://logo.test/eth.png', decimals: 18 },
            in: [],
            out: [{ value: '1', raw_value: '1000000000000000000', usd_price: '3000.00' }],
          },
        ],
        exposures: [],
      },
    })
  })

  it("maps Blockaid's verdict, features and ERC-20 exposures (Info features read as Benign)", async () => {
    const response = await scan({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }) })
    expect(response.body.validation).toEqual({
      status: 'Success',
      result_type: 'Warning',
      reason: 'unlimited_approval',
      description: 'Unlimited approval',
      features: [
        { type: 'Warning', feature_id: 'UNLIMITED_APPROVAL', description: 'Unlimited allowance', address: spender },
        { type: 'Benign', feature_id: 'KNOWN_TOKEN', description: 'A known token' },
      ],
    })
    expect(response.body.simulation.exposures).toEqual([
      { asset: { type: 'ERC20', address: token, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, spenders: { [spender]: { is_unlimited: true } } },
    ])
    const limited = await scan({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 2_500_000n] }) })
    expect(limited.body.simulation.exposures[0].spenders[spender]).toEqual({ value: '2.5', raw_value: '2500000' })
  })

  it('maps ERC-721 pieces and leaves out assets of types we do not show', async () => {
    const response = await scan({ to: nft, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [wallet, spender, 42n] }) })
    expect(response.body.simulation.assets_diffs).toEqual([
      { asset: { type: 'ERC721', address: nft, name: 'Apes', symbol: 'APE' }, in: [], out: [{ value: '1', raw_value: '1', token_id: '42' }] },
    ])
  })

  it("passes Blockaid's simulation error on", async () => {
    const response = await scan({ to: '0x000000000000000000000000000000000000dEaD', value: '0x1' })
    expect(response.body.simulation).toEqual({ status: 'Error', error: 'Simulation failed: Transaction reverted: out of gas' })
  })

  it('answers a scan that could not run when Blockaid refuses the key or the key is not set', async () => {
    const wrongKey = await t.createApp({
      allowedOrigins: [],
      transactionScanning: { enabled: true, denyList: [], trustedSpenders: [], blockaid: { apiUrl: blockaid.url, apiKeyEnv: 'TESSERA_TEST_UNSET_KEY' } },
    })
    const token = (await t.login('blockaid-unset@example.com', wrongKey.id)).body.token as string
    blockaid.requests.length = 0
    const unset = await scan({ to: spender, value: '0x1' }, wrongKey.id, token)
    expect(unset.body).toEqual({ validation: { status: 'Error', error: 'Simulation failed' }, simulation: { status: 'Error', error: 'Simulation failed' } })
    expect(blockaid.requests).toHaveLength(0)
    process.env.TESSERA_TEST_UNSET_KEY = 'not-the-key'
    try {
      const refused = await scan({ to: spender, value: '0x1' }, wrongKey.id, token)
      expect(refused.status).toBe(200)
      expect(refused.body).toEqual({ validation: { status: 'Error', error: 'Simulation failed' }, simulation: { status: 'Error', error: 'Simulation failed' } })
      expect(blockaid.requests).toHaveLength(1)
    } finally {
      delete process.env.TESSERA_TEST_UNSET_KEY
    }
  })
})
