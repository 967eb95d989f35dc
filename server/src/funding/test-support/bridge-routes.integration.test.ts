/**
 * The bridge routes end to end: the server's real Relay adapter against the Relay stand-in, a user signed in with
 * the wallet to fund, another wallet paying on the second anvil or on Solana with the quote's step, and the status
 * read through the server until the stand-in's solver has really paid the recipient (or refunded the payer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { Keypair, LAMPORTS_PER_SOL, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { BRIDGE_SOLANA_CHAIN_ID, type BridgeStatusResponse } from '../../../../src/protocol/funding.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../test-support/litesvm-rpc.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'
import { evmBalance, evmReader } from './evm-payouts.js'
import { APP_ORIGIN, fundingSettings, relaySettings, signInWithEthereum, signInWithSolana } from './funding-app.js'
import { startRelayStandIn, type RelayStandIn } from './relay.js'
import { solanaBalance, solanaConnection, waitForSignature } from './solana-payouts.js'

let anvil1: Anvil
let anvil2: Anvil
let solana: SolanaLocalnet
let relay: RelayStandIn
let t: TestServer

beforeAll(async () => {
  ;[anvil1, anvil2, solana] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 }), startSolanaLocalnet({ slotMs: 50 })])
  relay = await startRelayStandIn({
    chains: {
      31337: { rpcUrl: anvil1.rpcUrl, chainId: 31337 },
      31338: { rpcUrl: anvil2.rpcUrl, chainId: 31338 },
      [BRIDGE_SOLANA_CHAIN_ID]: { rpcUrl: solana.rpcUrl },
    },
    statusDelayMs: 20,
    pollMs: 50,
  })
  const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  t = await startTestServer({
    app: {
      allowedOrigins: [APP_ORIGIN],
      loginMethods: ['wallet', 'solana_wallet'],
      chains: [
        { id: 31337, name: 'Anvil', nativeCurrency: ether, rpcUrl: anvil1.rpcUrl, blockExplorerUrl: null, testnet: true },
        { id: 31338, name: 'Anvil 2', nativeCurrency: ether, rpcUrl: anvil2.rpcUrl, blockExplorerUrl: null, testnet: true },
      ],
      solanaClusters: [{ name: 'devnet', rpcUrl: solana.rpcUrl, blockExplorerUrl: null }],
      funding: fundingSettings(31337, { bridge: relaySettings(relay) }),
    },
  })
})
afterAll(async () => {
  await relay?.close()
  await t?.close()
  await Promise.all([solana?.close(), anvil1?.stop(), anvil2?.stop()])
})

/** A wallet on the second anvil with ether to pay deposits (not the signed-in user's: any wallet may pay). */
async function payingEvmWallet(): Promise<Hex> {
  const key = generatePrivateKey()
  await fetch(anvil2.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [privateKeyToAddress(key), `0x${parseEther('5').toString(16)}`] }),
  })
  return key
}

async function quote(token: string, body: Record<string, unknown>) {
  const response = await t.call('/api/v1/funding/bridge/quote', { token, body: { tradeType: 'EXPECTED_OUTPUT', ...body } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body as { steps: { requestId: string; items: { data: any }[] }[] }
}

/** Sends the quote's EVM step from `key` on the second anvil; answers its hash and what its gas cost the payer. */
async function payOnAnvil2(key: Hex, data: { to: Hex; value: string; data: Hex; chainId: number }): Promise<{ hash: Hex; gasCost: bigint }> {
  expect(data.chainId).toBe(31338)
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil2.rpcUrl) })
  const hash = await wallet.sendTransaction({ to: data.to, value: BigInt(data.value), data: data.data, chain: null })
  const receipt = await evmReader(anvil2.rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return { hash, gasCost: receipt.gasUsed * receipt.effectiveGasPrice }
}

async function payOnSolana(
  payer: Keypair,
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
  const transaction = new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer.publicKey,
      instructions,
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
    }).compileToV0Message(),
  )
  transaction.sign([payer])
  const signature = await connection.sendRawTransaction(transaction.serialize())
  await waitForSignature(connection, signature)
  return signature
}

/** Polls the server's status route, as the client does every second, until the request ends. */
async function statusUntilEnd(token: string, query: string): Promise<BridgeStatusResponse> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await t.call(`/api/v1/funding/bridge/status?${query}`, { token })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    if (['success', 'refund', 'failure'].includes(response.body.status)) return response.body
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`bridge request ${query} did not end`)
}

describe('bridging through the server', () => {
  it('quote → the step sent on the second anvil → status success, and the recipient on the first anvil is paid', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, recipient)
    const payer = await payingEvmWallet()
    const {
      steps: [step],
    } = await quote(token, {
      amount: parseEther('0.1').toString(),
      user: privateKeyToAddress(payer),
      recipient: recipient.address,
      originChainId: 31338,
      destinationChainId: 31337,
    })
    expect((await t.call(`/api/v1/funding/bridge/status?request_id=${step!.requestId}`, { token })).body.status).toBe('waiting')
    const { hash: deposit } = await payOnAnvil2(payer, step!.items[0]!.data)
    expect(await statusUntilEnd(token, `request_id=${step!.requestId}`)).toEqual({
      status: 'success',
      explorer_url: `${relay.url}/transaction/${step!.requestId}`,
    })
    expect(await evmBalance({ rpcUrl: anvil1.rpcUrl, chainId: 31337 }, 'native', recipient.address)).toBe(parseEther('0.1'))
    // The reference client asks by the deposit's hash.
    expect(await statusUntilEnd(token, `hash=${deposit}`)).toEqual({ status: 'success', explorer_url: `${relay.url}/transaction/${deposit}` })
    expect((await fetch(`${relay.url}/transaction/${deposit}`)).status).toBe(200)
  })

  it('bridges from Solana: the signed instructions deposit SOL and the EVM wallet is paid', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, recipient)
    const payer = Keypair.generate()
    solana.airdrop(payer.publicKey.toBase58(), 5n * BigInt(LAMPORTS_PER_SOL))
    const {
      steps: [step],
    } = await quote(token, {
      amount: parseEther('0.02').toString(),
      user: payer.publicKey.toBase58(),
      recipient: recipient.address,
      originChainId: BRIDGE_SOLANA_CHAIN_ID,
      destinationChainId: 31337,
    })
    const signature = await payOnSolana(payer, step!.items[0]!.data)
    expect((await statusUntilEnd(token, `request_id=${step!.requestId}`)).status).toBe('success')
    // Once the bridge has filed the deposit, its signature finds the request too.
    expect((await statusUntilEnd(token, `hash=${signature}`)).status).toBe('success')
    expect(await evmBalance({ rpcUrl: anvil1.rpcUrl, chainId: 31337 }, 'native', recipient.address)).toBe(parseEther('0.02'))
  })

  it('bridges to Solana: an EVM deposit pays SOL to the signed-in Solana wallet', async () => {
    const recipient = Keypair.generate()
    const token = await signInWithSolana(t, recipient)
    const payer = await payingEvmWallet()
    const {
      steps: [step],
    } = await quote(token, {
      amount: String(LAMPORTS_PER_SOL / 4),
      user: privateKeyToAddress(payer),
      recipient: recipient.publicKey.toBase58(),
      originChainId: 31338,
      destinationChainId: BRIDGE_SOLANA_CHAIN_ID,
    })
    await payOnAnvil2(payer, step!.items[0]!.data)
    expect((await statusUntilEnd(token, `request_id=${step!.requestId}`)).status).toBe('success')
    expect(await solanaBalance({ rpcUrl: solana.rpcUrl }, 'native', recipient.publicKey.toBase58())).toBe(BigInt(LAMPORTS_PER_SOL / 4))
  })

  it('a refund: the deposit goes back to the paying wallet on the second anvil and the status says refund', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, recipient)
    const payer = await payingEvmWallet()
    const {
      steps: [step],
    } = await quote(token, {
      amount: parseEther('0.3').toString(),
      user: privateKeyToAddress(payer),
      recipient: recipient.address,
      originChainId: 31338,
      destinationChainId: 31337,
    })
    relay.forceNext('refund')
    const payerBalance = () => evmBalance({ rpcUrl: anvil2.rpcUrl, chainId: 31338 }, 'native', privateKeyToAddress(payer))
    const before = await payerBalance()
    const { gasCost } = await payOnAnvil2(payer, step!.items[0]!.data)
    expect(await statusUntilEnd(token, `request_id=${step!.requestId}`)).toEqual({
      status: 'refund',
      explorer_url: `${relay.url}/transaction/${step!.requestId}`,
    })
    // All of the deposit came back: only the deposit's gas is gone.
    expect(await payerBalance()).toBe(before - gasCost)
    expect(await evmBalance({ rpcUrl: anvil1.rpcUrl, chainId: 31337 }, 'native', recipient.address)).toBe(0n)
  })

  it("answers Relay's 'Invalid address' refusal as the response, and refuses a recipient that is not the user's", async () => {
    const recipient = privateKeyToAccount(generatePrivateKey())
    const token = await signInWithEthereum(t, recipient)
    const solanaPayer = Keypair.generate().publicKey.toBase58()
    const tolerated = await t.call('/api/v1/funding/bridge/quote', {
      token,
      body: { tradeType: 'EXPECTED_OUTPUT', amount: '1000', user: solanaPayer, recipient: recipient.address, originChainId: 31338, destinationChainId: 31337 },
    })
    expect(tolerated.status).toBe(200)
    expect(tolerated.body).toMatchObject({ message: expect.stringMatching(/^Invalid address/), steps: [] })
    const foreign = await t.call('/api/v1/funding/bridge/quote', {
      token,
      body: {
        tradeType: 'EXPECTED_OUTPUT',
        amount: '1000',
        user: recipient.address,
        recipient: privateKeyToAddress(generatePrivateKey()),
        originChainId: 31338,
        destinationChainId: 31337,
      },
    })
    expect(foreign.status).toBe(403)
  })
})
