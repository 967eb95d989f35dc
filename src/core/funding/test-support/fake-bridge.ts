/**
 * The bridge behind the server's quote and status routes, for core tests (the real stand-in is the server's): a
 * quote asks the paying wallet to deposit on the origin chain (native currency at a fixed rate, plus a fee) with
 * a solver; once that deposit has landed, the status route pays the recipient on the destination chain for real
 * (a transfer from a funded key on anvil, or an airdrop on the local Solana endpoint) and answers 'success', or
 * 'refund' when the test says so.
 */
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js'
import { createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { BRIDGE_SOLANA_CHAIN_ID, type BridgeQuoteBody, type BridgeQuoteResponse, type BridgeStatus } from '../../../protocol/funding.js'
import type { SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import type { FakeResponse, RecordedRequest } from '../../test-support/api-server.js'
import { callJsonRpc } from '../../wallets/embedded/json-rpc.js'

/** Origin units per destination unit: wei per lamport going to Solana, lamports per gwei coming from it. */
const WEI_PER_LAMPORT = 1_000n
const EVM_FEE = 100_000_000_000_000n
const LAMPORTS_FEE = 10_000n

export interface FakeBridgeOptions {
  /** EVM chains by id: their RPC. */
  chains: Record<number, string>
  solana: SolanaLocalnet
  /** Funded on every EVM chain: deposits go to it and payouts come from it. */
  solverKey: Hex
}

export function fakeBridge(options: FakeBridgeOptions) {
  const solver = privateKeyToAccount(options.solverKey)
  const solanaDeposit = Keypair.generate().publicKey.toBase58()
  const requests = new Map<string, { body: BridgeQuoteBody; origin: number; settled: BridgeStatus | null }>()
  const quotes: BridgeQuoteBody[] = []
  const statusQueries: string[] = []
  let ending: 'success' | 'refund' = 'success'
  let sequence = 0

  function quote(request: RecordedRequest): FakeResponse {
    if (!String(request.headers.authorization).startsWith('Bearer '))
      return { status: 401, body: { error: 'Missing or invalid token', code: 'missing_or_invalid_token' } }
    const body = request.body as BridgeQuoteBody
    quotes.push(body)
    const requestId = `req-${++sequence}`
    requests.set(requestId, { body, origin: body.originChainId, settled: null })
    const amount = BigInt(body.amount)
    if (body.originChainId === BRIDGE_SOLANA_CHAIN_ID) {
      const lamports = amount / 1_000_000_000n + LAMPORTS_FEE
      const transfer = SystemProgram.transfer({ fromPubkey: new PublicKey(body.user), toPubkey: new PublicKey(solanaDeposit), lamports })
      const instruction = {
        programId: transfer.programId.toBase58(),
        keys: transfer.keys.map((key) => ({ ...key, pubkey: key.pubkey.toBase58() })),
        data: Buffer.from(transfer.data).toString('hex'),
      }
      return { body: response(requestId, { instructions: [instruction] }, lamports, 'SOL', 9) }
    }
    const value = (body.destinationChainId === BRIDGE_SOLANA_CHAIN_ID ? amount * WEI_PER_LAMPORT : amount) + EVM_FEE
    return {
      body: response(
        requestId,
        { from: body.user, to: solver.address, value: value.toString(), chainId: body.originChainId, data: `0x${Buffer.from(requestId).toString('hex')}` },
        value,
        'ETH',
        18,
      ),
    }
  }

  async function status(request: RecordedRequest): Promise<FakeResponse> {
    const query = new URL(request.path, 'http://x').searchParams
    const entry = requests.get(query.get('request_id') ?? '')
    statusQueries.push(`${query.get('request_id')}:${query.get('hash')}`)
    if (!entry) return { status: 404, body: { error: 'Unknown request', code: 'not_found' } }
    const explorer_url = `http://bridge.test/request/${query.get('request_id')}`
    if (!entry.settled) {
      if (!(await landed(entry.origin, query.get('hash')!))) return { body: { status: 'waiting', explorer_url } }
      entry.settled = ending === 'refund' ? 'refund' : (await payOut(entry.body), 'success')
      return { body: { status: 'pending', explorer_url } }
    }
    return { body: { status: entry.settled, explorer_url } }
  }

  async function landed(origin: number, hash: string): Promise<boolean> {
    if (origin === BRIDGE_SOLANA_CHAIN_ID) {
      const { value } = await callJsonRpc<{ value: ({ err: unknown } | null)[] }>(options.solana.rpcUrl, 'getSignatureStatuses', [[hash]])
      return value[0] !== null && value[0]!.err === null
    }
    return (await callJsonRpc<{ status: string } | null>(options.chains[origin]!, 'eth_getTransactionReceipt', [hash]))?.status === '0x1'
  }

  async function payOut(body: BridgeQuoteBody): Promise<void> {
    if (body.destinationChainId === BRIDGE_SOLANA_CHAIN_ID) return void options.solana.airdrop(body.recipient, BigInt(body.amount))
    const wallet = createWalletClient({ account: solver, transport: http(options.chains[body.destinationChainId]!) })
    const hash = await wallet.sendTransaction({ chain: null, to: body.recipient as Hex, value: BigInt(body.amount) })
    while (!(await callJsonRpc(options.chains[body.destinationChainId]!, 'eth_getTransactionReceipt', [hash])))
      await new Promise((resolve) => setTimeout(resolve, 20))
  }

  return {
    quotes,
    statusQueries,
    refundNext: () => void (ending = 'refund'),
    routes: { 'POST /api/v1/funding/bridge/quote': quote, 'GET /api/v1/funding/bridge/status': status },
  }
}

function response(
  requestId: string,
  data: BridgeQuoteResponse['steps'][number]['items'][number]['data'],
  amountIn: bigint,
  symbol: string,
  decimals: number,
): BridgeQuoteResponse {
  return {
    steps: [{ id: 'deposit', kind: 'transaction', requestId, items: [{ status: 'incomplete', data }] }],
    details: { currencyIn: { currency: { symbol, decimals }, amount: amountIn.toString(), amountUsd: '12.5' } },
    fees: { gas: { currency: { symbol, decimals }, amount: decimals === 9 ? '5000' : '21000000000000', amountUsd: '0.04' } },
  }
}
