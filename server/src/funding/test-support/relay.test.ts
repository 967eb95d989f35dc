import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletClient, http, parseEther, zeroAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { Keypair, LAMPORTS_PER_SOL, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../test-support/litesvm-rpc.js'
import { setUpTestUsdc, type TestUsdc } from '../../../../test/harness/dev-tokens.js'
import { evmBalance, evmReader } from './evm-payouts.js'
import { RELAY_SOLANA_CHAIN_ID, RELAY_SOLANA_NATIVE, startRelayStandIn, type RelayStandIn } from './relay.js'
import { solanaBalance, solanaConnection, waitForSignature } from './solana-payouts.js'

let anvil1: Anvil
let anvil2: Anvil
let solana: SolanaLocalnet
let relay: RelayStandIn
let usdc: TestUsdc

beforeAll(async () => {
  ;[anvil1, anvil2, solana] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 }), startSolanaLocalnet({ slotMs: 50 })])
  usdc = await setUpTestUsdc([anvil1, anvil2], solana)
  relay = await startRelayStandIn({
    chains: {
      31337: { rpcUrl: anvil1.rpcUrl, chainId: 31337, usdcAddress: usdc.evm[31337] },
      31338: { rpcUrl: anvil2.rpcUrl, chainId: 31338, usdcAddress: usdc.evm[31338] },
      [RELAY_SOLANA_CHAIN_ID]: { rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint },
    },
    statusDelayMs: 20,
    pollMs: 50,
  })
  for (const chain of [31337, 31338] as const) await usdc.mint(chain, relay.solver.evmAddress, 1000n * 10n ** 6n)
  await usdc.mint('solana', relay.solver.solanaAddress, 1000n * 10n ** 6n)
})
afterAll(async () => {
  await relay?.close()
  await Promise.all([solana?.close(), anvil1?.stop(), anvil2?.stop()])
})

const chain1 = () => ({ rpcUrl: anvil1.rpcUrl, chainId: 31337, usdcAddress: usdc.evm[31337] })
const chain2 = () => ({ rpcUrl: anvil2.rpcUrl, chainId: 31338, usdcAddress: usdc.evm[31338] })

async function fundedEvmUser(anvil: Anvil, ether = '10'): Promise<Hex> {
  const key = generatePrivateKey()
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [privateKeyToAddress(key), `0x${parseEther(ether).toString(16)}`] }),
  })
  return key
}

async function fundedSolanaUser(sol = 10): Promise<Keypair> {
  const keypair = Keypair.generate()
  solana.airdrop(keypair.publicKey.toBase58(), BigInt(sol * LAMPORTS_PER_SOL))
  return keypair
}

async function quote(body: Record<string, unknown>, options: { path?: string; apiKey?: string | null } = {}) {
  const apiKey = options.apiKey === undefined ? relay.apiKey : options.apiKey
  const response = await fetch(`${relay.url}${options.path ?? '/quote/v3'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey && { 'x-api-key': apiKey }) },
    body: JSON.stringify({ tradeType: 'EXPECTED_OUTPUT', ...body }),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

async function statusOf(requestId: string) {
  const response = await fetch(`${relay.url}/intents/status/v3?requestId=${requestId}`, { headers: { 'x-api-key': relay.apiKey } })
  return (await response.json()) as { status: string; inTxHashes: string[]; txHashes: string[] }
}

async function waitForEnd(requestId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = await statusOf(requestId)
    if (['success', 'refund', 'failure'].includes(status.status)) return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const request = relay.requests.find((candidate) => candidate.id === requestId)
  throw new Error(`request ${requestId} did not end: ${request?.status}, deposits ${request?.inTxs.map((tx) => tx.hash).join(', ') || 'none'}`)
}

async function sendEvmStep(userKey: Hex, anvil: Anvil, data: { to: string; value: string; data: string; chainId: number }): Promise<Hex> {
  const wallet = createWalletClient({ account: privateKeyToAccount(userKey), transport: http(anvil.rpcUrl) })
  const hash = await wallet.sendTransaction({ to: data.to as Hex, value: BigInt(data.value), data: data.data as Hex, chain: null })
  await evmReader(anvil.rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return hash
}

async function sendSolanaStep(
  user: Keypair,
  data: { instructions: { keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[]; programId: string; data: string }[] },
): Promise<string> {
  const connection = solanaConnection(solana.rpcUrl)
  const instructions = data.instructions.map(
    (instruction) =>
      new TransactionInstruction({
        programId: new PublicKey(instruction.programId),
        data: Buffer.from(instruction.data, 'hex'),
        keys: instruction.keys.map((key) => ({ ...key, pubkey: new PublicKey(key.pubkey) })),
      }),
  )
  const message = new TransactionMessage({
    payerKey: user.publicKey,
    instructions,
    recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
  }).compileToV0Message()
  const transaction = new VersionedTransaction(message)
  transaction.sign([user])
  const signature = await connection.sendRawTransaction(transaction.serialize())
  await waitForSignature(connection, signature)
  return signature
}

describe('quotes', () => {
  it('require the API key on /quote/v3; the retiring /quote answers unkeyed, with its sunset headers', async () => {
    const user = privateKeyToAddress(await fundedEvmUser(anvil2))
    const body = {
      user,
      recipient: privateKeyToAddress(generatePrivateKey()),
      originChainId: 31338,
      destinationChainId: 31337,
      amount: parseEther('0.1').toString(),
    }
    for (const apiKey of [null, 'relay_wrong']) {
      const refused = await quote(body, { apiKey })
      expect(refused.status).toBe(401)
      expect(refused.body.errorCode).toBe('UNAUTHORIZED_QUOTE')
    }
    const legacy = await quote(body, { path: '/quote', apiKey: null })
    expect(legacy.status).toBe(200)
    expect(legacy.headers.get('sunset')).toBe('Tue, 23 Feb 2027 00:00:00 GMT')
    expect(legacy.body.steps[0].items[0].check.endpoint).toBe(`/intents/status?requestId=${legacy.body.steps[0].requestId}`)
  })

  it('answers an EVM deposit step: the solver address, amount plus fee, the chain and the request id as data', async () => {
    const user = privateKeyToAddress(await fundedEvmUser(anvil2))
    const { status, body } = await quote({
      user,
      recipient: user,
      originChainId: 31338,
      destinationChainId: 31337,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther('0.1').toString(),
    })
    expect(status).toBe(200)
    const [step] = body.steps
    expect(step).toMatchObject({ id: 'deposit', kind: 'transaction', requestId: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(step.items[0].data).toEqual({
      from: user,
      to: relay.solver.evmAddress,
      value: parseEther('0.1005').toString(),
      chainId: 31338,
      data: step.requestId,
    })
    expect(body.details.currencyOut).toMatchObject({ amount: parseEther('0.1').toString(), currency: { chainId: 31337, symbol: 'ETH' } })
    expect(body.fees.relayer.amount).toBe(parseEther('0.0005').toString())
  })

  it("refuses bad input in Relay's words: addresses, chains, currencies, amounts and an empty wallet", async () => {
    const user = privateKeyToAddress(await fundedEvmUser(anvil2))
    const solanaAddress = Keypair.generate().publicKey.toBase58()
    const base = { user, recipient: user, originChainId: 31338, destinationChainId: 31337, amount: '1000' }
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ user: 'nope' }, 'INVALID_ADDRESS', /^Invalid address/],
      [{ user: solanaAddress }, 'INVALID_ADDRESS', /^Invalid address/],
      [{ recipient: solanaAddress }, 'INVALID_ADDRESS', /^Invalid address/],
      [{ refundTo: solanaAddress }, 'INVALID_ADDRESS', /^Invalid address for refundTo/],
      [{ destinationChainId: RELAY_SOLANA_CHAIN_ID }, 'INVALID_ADDRESS', /^Invalid address/],
      [{ originChainId: 1 }, 'UNSUPPORTED_CHAIN', /origin chain/],
      [{ destinationCurrency: '0x00000000000000000000000000000000000000aa' }, 'UNSUPPORTED_CURRENCY', /destination currency/],
      [{ amount: '-1' }, 'INVALID_AMOUNT', /amount/],
      [{ amount: 1000 }, 'INVALID_AMOUNT', /amount/],
      [{ tradeType: 'SOMETHING' }, 'INVALID_REQUEST', /tradeType/],
      [{ user: privateKeyToAddress(generatePrivateKey()) }, 'INSUFFICIENT_FUNDS', /Insufficient balance/],
    ]
    for (const [change, errorCode, message] of cases) {
      const response = await quote({ ...base, ...change })
      expect(response.status, JSON.stringify(change)).toBe(400)
      expect(response.body).toEqual({ message: expect.stringMatching(message), errorCode })
    }
  })
})

describe('bridging', () => {
  it('fills an EVM deposit on the second chain by paying the recipient on the first', async () => {
    const userKey = await fundedEvmUser(anvil2)
    const recipient = privateKeyToAddress(generatePrivateKey())
    const { body } = await quote({
      user: privateKeyToAddress(userKey),
      recipient,
      originChainId: 31338,
      destinationChainId: 31337,
      amount: parseEther('0.2').toString(),
    })
    const requestId = body.steps[0].requestId
    expect((await statusOf(requestId)).status).toBe('waiting')
    const deposit = await sendEvmStep(userKey, anvil2, body.steps[0].items[0].data)
    const ended = await waitForEnd(requestId)
    expect(ended).toMatchObject({ status: 'success', inTxHashes: [deposit] })
    expect(await evmBalance(chain1(), 'native', recipient)).toBe(parseEther('0.2'))
    const fillReceipt = await evmReader(anvil1.rpcUrl).getTransactionReceipt({ hash: ended.txHashes[0] as Hex })
    expect(fillReceipt.from.toLowerCase()).toBe(relay.solver.evmAddress.toLowerCase())
    const byHash = (await (await fetch(`${relay.url}/requests/v2?hash=${deposit}`)).json()) as any
    expect(byHash.requests[0]).toMatchObject({ id: requestId, status: 'success' })
    const v3 = (query: string, apiKey = relay.apiKey) => fetch(`${relay.url}/requests/v3?${query}`, { headers: { 'x-api-key': apiKey } })
    const byDeposit = (await (await v3(`depositTxHash=${deposit}&limit=1`)).json()) as any
    expect(byDeposit.requests).toEqual([
      expect.objectContaining({
        id: requestId,
        status: 'success',
        data: expect.objectContaining({ inTxs: [expect.objectContaining({ txHash: deposit, chainId: 31338 })] }),
      }),
    ])
    expect(((await (await v3(`depositTxHash=${ended.txHashes[0]}`)).json()) as any).requests).toEqual([])
    expect((await v3(`depositTxHash=${deposit}`, 'relay_wrong')).status).toBe(401)
    const explorer = await fetch(`${relay.url}/transaction/${deposit}`)
    expect(explorer.status).toBe(200)
    expect(await explorer.text()).toContain(requestId)
  })

  it('bridges from Solana: the signed instructions deposit SOL with a memo, the recipient is paid ETH', async () => {
    const user = await fundedSolanaUser()
    const recipient = privateKeyToAddress(generatePrivateKey())
    const { status, body } = await quote({
      user: user.publicKey.toBase58(),
      recipient,
      originChainId: RELAY_SOLANA_CHAIN_ID,
      destinationChainId: 31337,
      originCurrency: RELAY_SOLANA_NATIVE,
      destinationCurrency: zeroAddress,
      amount: parseEther('0.03').toString(),
    })
    expect(status).toBe(200)
    const { instructions } = body.steps[0].items[0].data
    expect(instructions.map((instruction: { programId: string }) => instruction.programId)).toEqual([
      RELAY_SOLANA_NATIVE,
      'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
    ])
    expect(Buffer.from(instructions[1].data, 'hex').toString('utf8')).toBe(body.steps[0].requestId)
    expect(body.details.currencyIn.amount).toBe(String(0.6 * LAMPORTS_PER_SOL + 0.003 * LAMPORTS_PER_SOL))
    const deposit = await sendSolanaStep(user, body.steps[0].items[0].data)
    expect(await waitForEnd(body.steps[0].requestId)).toMatchObject({ status: 'success', inTxHashes: [deposit] })
    expect(await evmBalance(chain1(), 'native', recipient)).toBe(parseEther('0.03'))
  })

  it('bridges to Solana: an EVM deposit pays SOL to the Solana recipient', async () => {
    const userKey = await fundedEvmUser(anvil2)
    const recipient = Keypair.generate().publicKey.toBase58()
    const { body } = await quote({
      user: privateKeyToAddress(userKey),
      recipient,
      originChainId: 31338,
      destinationChainId: RELAY_SOLANA_CHAIN_ID,
      originCurrency: zeroAddress,
      destinationCurrency: RELAY_SOLANA_NATIVE,
      amount: String(LAMPORTS_PER_SOL / 2),
    })
    await sendEvmStep(userKey, anvil2, body.steps[0].items[0].data)
    expect((await waitForEnd(body.steps[0].requestId)).status).toBe('success')
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl }, 'native', recipient)).toBe(BigInt(LAMPORTS_PER_SOL / 2))
  })
})

describe('bridging USDC', () => {
  it('bridges USDC: an ERC-20 deposit on the second chain pays SPL USDC on Solana, and back to the first chain', async () => {
    const userKey = await fundedEvmUser(anvil2)
    const user = privateKeyToAddress(userKey)
    await usdc.mint(31338, user, 50_000_000n)
    const solanaUser = await fundedSolanaUser()
    const toSolana = await quote({
      user,
      recipient: solanaUser.publicKey.toBase58(),
      originChainId: 31338,
      destinationChainId: RELAY_SOLANA_CHAIN_ID,
      originCurrency: usdc.evm[31338],
      destinationCurrency: usdc.solanaMint,
      amount: '20000000',
    })
    expect(toSolana.status).toBe(200)
    const evmStep = toSolana.body.steps[0].items[0].data
    expect({ to: evmStep.to, value: evmStep.value }).toEqual({ to: usdc.evm[31338], value: '0' })
    expect(evmStep.data.endsWith(toSolana.body.steps[0].requestId.slice(2))).toBe(true)
    await sendEvmStep(userKey, anvil2, evmStep)
    expect((await waitForEnd(toSolana.body.steps[0].requestId)).status).toBe('success')
    expect(await evmBalance(chain2(), 'USDC', user)).toBe(50_000_000n - 20_100_000n)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint }, 'USDC', solanaUser.publicKey.toBase58())).toBe(20_000_000n)

    const back = privateKeyToAddress(generatePrivateKey())
    const fromSolana = await quote({
      user: solanaUser.publicKey.toBase58(),
      recipient: back,
      originChainId: RELAY_SOLANA_CHAIN_ID,
      destinationChainId: 31337,
      originCurrency: usdc.solanaMint,
      destinationCurrency: usdc.evm[31337],
      amount: '10000000',
    })
    expect(fromSolana.status).toBe(200)
    await sendSolanaStep(solanaUser, fromSolana.body.steps[0].items[0].data)
    expect((await waitForEnd(fromSolana.body.steps[0].requestId)).status).toBe('success')
    expect(await evmBalance(chain1(), 'USDC', back)).toBe(10_000_000n)
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl, usdcMint: usdc.solanaMint }, 'USDC', solanaUser.publicKey.toBase58())).toBe(20_000_000n - 10_050_000n)
  })
})

describe('refunds, failures, delays and unknown requests', () => {
  it('refunds when forced or when the deposit falls short, and fails when forced', async () => {
    const userKey = await fundedEvmUser(anvil2)
    const user = privateKeyToAddress(userKey)
    const recipient = privateKeyToAddress(generatePrivateKey())
    const request = { user, recipient, originChainId: 31338, destinationChainId: 31337, amount: parseEther('0.5').toString() }

    relay.forceNext('refund')
    const refunded = (await quote(request)).body.steps[0]
    await sendEvmStep(userKey, anvil2, refunded.items[0].data)
    const refund = await waitForEnd(refunded.requestId)
    expect(refund.status).toBe('refund')
    const refundTx = await evmReader(anvil2.rpcUrl).getTransaction({ hash: refund.txHashes[0] as Hex })
    expect({ to: refundTx.to?.toLowerCase(), value: refundTx.value }).toEqual({ to: user.toLowerCase(), value: parseEther('0.5025') })

    const refundTo = privateKeyToAddress(generatePrivateKey())
    const short = (await quote({ ...request, refundTo })).body.steps[0]
    await sendEvmStep(userKey, anvil2, { ...short.items[0].data, value: parseEther('0.1').toString() })
    expect((await waitForEnd(short.requestId)).status).toBe('refund')
    expect(await evmBalance(chain2(), 'native', refundTo)).toBe(parseEther('0.1'))

    relay.forceNext('failure')
    const failing = (await quote(request)).body.steps[0]
    await sendEvmStep(userKey, anvil2, failing.items[0].data)
    expect((await waitForEnd(failing.requestId)).status).toBe('failure')
    expect(await evmBalance(chain1(), 'native', recipient)).toBe(0n)
    await relay.settled()
  })

  it('reports a delayed fill before its success', async () => {
    const userKey = await fundedEvmUser(anvil2)
    const recipient = privateKeyToAddress(generatePrivateKey())
    relay.forceNext('delayed')
    const { body } = await quote({ user: privateKeyToAddress(userKey), recipient, originChainId: 31338, destinationChainId: 31337, amount: '1000' })
    await sendEvmStep(userKey, anvil2, body.steps[0].items[0].data)
    const seen = new Set<string>()
    for (let attempt = 0; attempt < 200 && !seen.has('success'); attempt++) {
      seen.add((await statusOf(body.steps[0].requestId)).status)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(seen).toContain('delayed')
    expect(seen).toContain('success')
    expect(await evmBalance(chain2(), 'native', recipient)).toBe(0n)
    expect(await evmBalance(chain1(), 'native', recipient)).toBe(1000n)
  })

  it('answers unknown requests: 404 on the status, an empty list by hash, a 404 explorer page', async () => {
    const unknown = `0x${'ab'.repeat(32)}`
    expect((await fetch(`${relay.url}/intents/status/v3?requestId=${unknown}`)).status).toBe(404)
    expect(await (await fetch(`${relay.url}/requests/v2?hash=${unknown}`)).json()).toEqual({ requests: [], continuation: null })
    expect((await fetch(`${relay.url}/transaction/${unknown}`)).status).toBe(404)
  })
})
