import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ANVIL_FIRST_PRIVATE_KEY } from '../../../test/harness/evm-contracts.js'
import { startAnvil, type Anvil } from '../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../test-support/litesvm-rpc.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { MAX_RELAY_BODY_BYTES } from './routes.js'

const RELAY_LIMIT = 20
let anvil: Anvil
let localnet: SolanaLocalnet
let t: TestServer
let evmRelay: string
let solanaRelay: string

beforeAll(async () => {
  ;[anvil, localnet] = await Promise.all([startAnvil(), startSolanaLocalnet()])
  t = await startTestServer({
    server: { rateLimits: { rpcRelayPerIp: { max: RELAY_LIMIT, windowSeconds: 60 } } },
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
      // A chain known only by its RPC URL is relayed too; nothing listens on port 9.
      walletRpcUrls: { '4242': 'http://127.0.0.1:9/secret-key-in-path' },
      solanaClusters: [{ name: 'devnet', rpcUrl: localnet.rpcUrl, blockExplorerUrl: null }],
    },
  })
  evmRelay = `${t.url}/api/v1/apps/${t.app.id}/rpc/evm/${anvil.chainId}`
  solanaRelay = `${t.url}/api/v1/apps/${t.app.id}/rpc/solana/devnet`
}, 60_000)
afterAll(async () => {
  await t?.close()
  await Promise.all([anvil?.stop(), localnet?.close()])
})
// Each test starts a fresh rate-limit window.
beforeEach(() => t.clock.advance(61))

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const rpc = async (url: string, method: string, params: unknown[] = [], id: number | string = 7) => {
  const response = await post(url, { jsonrpc: '2.0', id, method, params })
  return { status: response.status, body: await response.json(), headers: response.headers }
}

describe("the chain relay: the app's own chains, through the API origin", () => {
  it("answers reads under the caller's id and broadcasts a signed Ethereum transaction", async () => {
    const chainId = await rpc(evmRelay, 'eth_chainId', [], 'a-string-id')
    expect(chainId).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 'a-string-id', result: `0x${anvil.chainId.toString(16)}` } })
    expect(chainId.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)

    // viem's own http transport, pointed at the relay, prepares, signs and sends.
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const wallet = createWalletClient({
      account: privateKeyToAccount(ANVIL_FIRST_PRIVATE_KEY),
      transport: http(evmRelay, { fetchOptions: { headers: { origin: TEST_ORIGIN } } }),
    })
    const hash = await wallet.sendTransaction({
      to: recipient,
      value: parseEther('0.25'),
      chain: { id: anvil.chainId, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evmRelay] } } },
    })
    const receipt = await rpc(evmRelay, 'eth_getTransactionReceipt', [hash])
    expect(receipt.body.result.status).toBe('0x1')
    expect(BigInt((await rpc(evmRelay, 'eth_getBalance', [recipient, 'latest'])).body.result)).toBe(parseEther('0.25'))
  })

  it("passes the node's own JSON-RPC error on with its code", async () => {
    const sent = await rpc(evmRelay, 'eth_sendRawTransaction', ['0x1234'])
    expect(sent.status).toBe(200)
    expect(sent.body.id).toBe(7)
    expect(sent.body.error.code).toEqual(expect.any(Number))
    expect(sent.body.result).toBeUndefined()
  })

  it('relays Solana reads and a sent transaction, confirmed by polling statuses', async () => {
    const payer = Keypair.generate()
    localnet.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
    // web3.js's Connection over the relay (it sends its solana-client header, which the preflight must allow).
    const connection = new Connection(solanaRelay, { commitment: 'confirmed', httpHeaders: { origin: TEST_ORIGIN }, disableRetryOnRateLimit: true })
    const recipient = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000_000 }),
    )
    transaction.sign(payer)
    const signature = await connection.sendRawTransaction(transaction.serialize())
    const [status] = (await connection.getSignatureStatuses([signature])).value
    expect(status?.err).toBeNull()
    expect(await connection.getBalance(recipient)).toBe(1_000_000)
  })

  it("allows the preflight of the app's origin with the headers viem and web3.js send", async () => {
    const preflight = await fetch(evmRelay, {
      method: 'OPTIONS',
      headers: { origin: TEST_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, solana-client' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('solana-client')
  })
})

describe('the chain relay is not an open proxy', () => {
  it('refuses methods off the allowlist, so an unlocked node account cannot be spent or the node administered', async () => {
    const target = privateKeyToAccount(generatePrivateKey()).address
    for (const [method, params] of [
      ['eth_sendTransaction', [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: target, value: '0x1' }]],
      ['anvil_setBalance', [target, '0xffff']],
      ['eth_accounts', []],
      ['debug_traceCall', [{ to: target }, 'latest']],
      ['eth_subscribe', ['newHeads']],
    ] as const) {
      const refused = await rpc(evmRelay, method, [...params])
      expect(refused.status, method).toBe(403)
      expect(refused.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: `Method not allowed through this relay: ${method}` } })
    }
    expect((await rpc(evmRelay, 'eth_getBalance', [target, 'latest'])).body.result).toBe('0x0')
    expect((await rpc(solanaRelay, 'requestAirdrop', [Keypair.generate().publicKey.toBase58(), 1])).body.error.code).toBe(-32601)
  })

  it("relays only to the app's configured chains and clusters, and only for a known app", async () => {
    const unknownChain = await rpc(`${t.url}/api/v1/apps/${t.app.id}/rpc/evm/1`, 'eth_chainId')
    expect(unknownChain).toMatchObject({ status: 404, body: { error: { code: -32602, message: 'This app has no RPC for chain 1' } } })
    const unknownCluster = await rpc(`${t.url}/api/v1/apps/${t.app.id}/rpc/solana/mainnet-beta`, 'getSlot')
    expect(unknownCluster).toMatchObject({ status: 404, body: { error: { message: 'This app has no RPC for Solana cluster mainnet-beta' } } })
    const notAChain = await rpc(`${t.url}/api/v1/apps/${t.app.id}/rpc/evm/${encodeURIComponent('http://127.0.0.1:1')}`, 'eth_chainId')
    expect(notAChain.status).toBe(404)
    const unknownApp = await rpc(`${t.url}/api/v1/apps/${'x'.repeat(25)}/rpc/evm/${anvil.chainId}`, 'eth_chainId')
    expect(unknownApp).toMatchObject({ status: 404, body: { error: { message: 'App not found' } } })
  })

  it('refuses a page on an origin the app does not allow', async () => {
    const response = await post(evmRelay, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'invalid_origin' })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers bad input with a JSON-RPC error, never a 5xx', async () => {
    const cases: [string, number, number][] = [
      ['not json', 400, -32700],
      ['[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}]', 400, -32600],
      ['"eth_chainId"', 400, -32600],
      ['{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}', 400, -32600],
      ['{"jsonrpc":"2.0","id":1}', 400, -32600],
      ['{"jsonrpc":"2.0","id":{"nested":1},"method":"eth_chainId"}', 400, -32600],
      ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"0x1"}', 400, -32600],
      ['', 400, -32700],
    ]
    for (const [body, status, code] of cases) {
      const response = await post(evmRelay, body)
      expect(response.status, body).toBe(status)
      expect((await response.json()).error.code, body).toBe(code)
    }
  })

  it('refuses a body over the size limit', async () => {
    const response = await post(evmRelay, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(MAX_RELAY_BODY_BYTES / 2 + 1024)}` }, 'latest'],
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error).toEqual({ code: -32600, message: `Invalid request: larger than ${MAX_RELAY_BODY_BYTES} bytes` })
  })

  it('says the chain could not be reached without naming its URL', async () => {
    const response = await rpc(`${t.url}/api/v1/apps/${t.app.id}/rpc/evm/4242`, 'eth_blockNumber')
    expect(response).toMatchObject({ status: 502, body: { id: 7, error: { code: -32603, message: "The chain's RPC could not be reached" } } })
    expect(JSON.stringify(response.body)).not.toContain('secret-key-in-path')
  })

  it('limits requests per client IP with a JSON-RPC "limit exceeded" and Retry-After', async () => {
    const answers = []
    for (let i = 0; i <= RELAY_LIMIT; i++) answers.push(await rpc(evmRelay, 'eth_chainId'))
    expect(answers.slice(0, RELAY_LIMIT).every((answer) => answer.status === 200)).toBe(true)
    const limited = answers[RELAY_LIMIT]!
    expect(limited).toMatchObject({ status: 429, body: { jsonrpc: '2.0', error: { code: -32005 } } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The next window serves again.
    t.clock.advance(61)
    expect((await rpc(evmRelay, 'eth_chainId')).status).toBe(200)
  })
})
