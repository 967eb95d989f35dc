import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  type Address,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import { deployTestContracts, mintErc20, ANVIL_FIRST_PRIVATE_KEY, TEST_ERC20, type TestContracts } from '../../../test/harness/evm-contracts.js'
import { startAnvil, type Anvil } from '../../../server/src/test-support/anvil.js'
import type { ScanTransactionInput, ScanTransactionResponse } from '../../protocol/index.js'
import type { FakeResponse, RecordedRequest } from '../test-support/api-server.js'
import { apiRoutes } from '../test-support/fake-routes.js'
import { appConfigDto, authResponse, TEST_APP_ID } from '../test-support/fixtures.js'
import type { TesseraClient } from '../types.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from '../wallets/embedded/test-support/embedded-client.js'
import type { Confirmation, EthereumTransactionConfirmation, SignMessageConfirmation } from './types.js'

let anvil: Anvil
let contracts: TestContracts
let testbed: EmbeddedTestbed
beforeAll(async () => {
  anvil = await startAnvil()
  contracts = await deployTestContracts(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY)
}, 60_000)
afterAll(async () => {
  await anvil.stop()
})
afterEach(async () => {
  await testbed?.close()
})

const recipient: Address = '0x000000000000000000000000000000000000dEaD'
const ETH_USD = 2000
const anvilChain = () => ({
  id: 31337,
  name: 'Anvil',
  native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpc_url: anvil.rpcUrl,
  block_explorer_url: 'https://explorer.test/',
  testnet: true,
})

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

interface Setup {
  client: TesseraClient
  address: Address
  prompts: string[]
  scans: ScanTransactionInput[]
}

/**
 * A signed-in user with a funded embedded wallet on anvil, a UI that hears `walletPrompt`, and the API's token
 * price (ETH only) and scan routes (answering `scanResponse`, else `scanRefusal`, else 403 as with scanning off).
 * `scanning`: the host's setting (default off); 'server' leaves it to the server.
 */
async function signedIn(options: { scanResponse?: ScanTransactionResponse; scanRefusal?: FakeResponse; scanning?: boolean | 'server' } = {}): Promise<Setup> {
  testbed = await startEmbeddedTestbed()
  const config = appConfigDto({
    chains: [anvilChain()],
    default_chain_id: 31337,
    embedded_wallet_config: { ...appConfigDto().embedded_wallet_config, ethereum: { create_on_login: 'all-users' } },
  })
  const scans: ScanTransactionInput[] = []
  testbed.api.handle(
    apiRoutes({
      [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ body: config }),
      'POST /api/v1/sessions': async () => ({ body: await authResponse({ user: testbed.frame.user() }) }),
      'GET /api/v1/users/me': () => ({ body: { user: testbed.frame.user(), identity_token: null } }),
      'GET /api/v1/token_price?chainId=31337&tokenSymbol=ETH': () => ({ body: { usd: ETH_USD } }),
      'POST /api/v1/scan/transaction': (request: RecordedRequest) => {
        scans.push(request.body as ScanTransactionInput)
        if (options.scanResponse) return { body: options.scanResponse }
        return options.scanRefusal ?? { status: 403, body: { error: 'Transaction scanning is not enabled for this app', code: 'feature_not_enabled' } }
      },
    }),
  )
  const client = testbed.newClient()
  const prompts: string[] = []
  client.on('walletPrompt', ({ screen }) => void prompts.push(screen))
  if (options.scanning !== 'server') client.setConfig({ embeddedWallets: { transactionScanning: { enabled: options.scanning ?? false } } })
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
  const address = wallets[0]!.address as Address
  await rpc('anvil_setBalance', [address, '0x56BC75E2D63100000'])
  return { client, address, prompts, scans }
}

const confirmations = (client: TesseraClient) => client.embeddedWallets.getState().confirmations ?? []

async function confirmationWhere<C extends Confirmation>(client: TesseraClient, condition: (confirmation: Confirmation) => boolean): Promise<C> {
  const state = await embeddedStateWhere(client, (next) => (next.confirmations ?? []).some(condition))
  return state.confirmations!.find(condition) as C
}

const ethereumReady = (client: TesseraClient, index = 0) =>
  confirmationWhere<EthereumTransactionConfirmation>(client, (confirmation) => confirmation === confirmations(client)[index] && confirmation.status === 'ready')

describe('Ethereum transaction confirmations', () => {
  it('shows a value send with its rows, sends it on approval and resolves with the hash after the receipt', async () => {
    const { client, address, prompts } = await signedIn()
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: parseEther('0.01') }, uiOptions: { title: 'Pay' } })
    const ready = await ethereumReady(client)
    expect(prompts).toEqual(['transaction:confirm'])
    const { summary } = ready
    expect(ready).toMatchObject({
      kind: 'ethereum-transaction',
      address,
      signOnly: false,
      uiOptions: { title: 'Pay' },
      position: { index: 1, total: 1 },
      scan: { status: 'uninitiated' },
    })
    expect(summary).toMatchObject({ action: { type: 'send' }, to: recipient, network: 'Anvil', sponsored: false, insufficientFunds: false })
    expect(summary!.send).toEqual({ value: parseEther('0.01'), name: 'Ether', symbol: 'ETH', decimals: 18, usd: 0.01 * ETH_USD })
    expect(summary!.balance.value).toBe(parseEther('100'))
    expect(summary!.request).toMatchObject({ from: address, to: recipient, value: parseEther('0.01'), nonce: 0, gas: 21000n, chainId: 31337, type: 'eip1559' })
    // gas × max fee per gas, in ETH with its USD value.
    const fee = summary!.estimatedFee!
    expect(fee.value > 0n && fee.value % 21000n === 0n).toBe(true)
    expect(fee).toMatchObject({ symbol: 'ETH', decimals: 18, usd: (Number(fee.value) / 1e18) * ETH_USD })

    ready.approve()
    const { hash } = await sending
    const complete = confirmations(client)[0] as EthereumTransactionConfirmation
    expect(complete).toMatchObject({ status: 'complete', hash, receipt: { hash, status: 'success', explorerUrl: `https://explorer.test/tx/${hash}` } })
    expect(BigInt(await rpc<Hex>('eth_getBalance', [recipient, 'latest']))).toBeGreaterThanOrEqual(parseEther('0.01'))
    // The receipt stays until the user closes it.
    complete.reject()
    expect(confirmations(client)).toEqual([])
  })

  it('reads the ERC-20 symbol and decimals from the token for a transfer', async () => {
    const { client, address } = await signedIn()
    await mintErc20(anvil.rpcUrl, ANVIL_FIRST_PRIVATE_KEY, contracts.erc20, address, parseEther('5'))
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, parseEther('1.5')] })
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: contracts.erc20, data } })
    const ready = await ethereumReady(client)
    expect(ready.summary).toMatchObject({
      action: { type: 'transfer', token: contracts.erc20, to: recipient, amount: parseEther('1.5') },
      amount: { value: parseEther('1.5'), symbol: TEST_ERC20.symbol, decimals: TEST_ERC20.decimals, usd: null },
      to: recipient,
      tokenAddress: contracts.erc20,
    })
    expect(ready.summary!.send).toBeUndefined()
    ready.approve()
    await sending
    const balance = await rpc<Hex>('eth_call', [
      { to: contracts.erc20, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [recipient] }) },
      'latest',
    ])
    expect(BigInt(balance)).toBe(parseEther('1.5'))
  })

  it("shows an unlimited approval as 'unlimited' with its spender", async () => {
    const { client } = await signedIn()
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, maxUint256] })
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: contracts.erc20, data } })
    const ready = await ethereumReady(client)
    expect(ready.summary).toMatchObject({ approvalAmount: 'unlimited', spender: recipient, tokenAddress: contracts.erc20, to: contracts.erc20 })
    ready.reject()
    await expect(sending).rejects.toMatchObject({ code: 'transaction_failure', shortMessage: 'Transaction was rejected by the user' })
  })

  it('refuses to approve when value and fee exceed the balance', async () => {
    const { client } = await signedIn()
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: parseEther('100'), gas: 21000n } })
    const ready = await ethereumReady(client)
    expect(ready.summary!.insufficientFunds).toBe(true)
    ready.approve()
    expect(confirmations(client)[0]!.status).toBe('ready')
    ready.reject()
    await expect(sending).rejects.toMatchObject({ code: 'transaction_failure' })
    expect(confirmations(client)).toEqual([])
  })

  it("ends a reverted call in 'Transaction failed' with its hash; retry prepares it again with a fresh nonce", async () => {
    const { client } = await signedIn()
    const data = '0xa9cc4718' // fail()
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: contracts.reverter, data, gas: 100_000n } })
    const ready = await ethereumReady(client)
    expect(ready.summary!.action).toEqual({ type: 'contract-call', to: contracts.reverter, functionName: null })
    ready.approve()
    const failed = await confirmationWhere<EthereumTransactionConfirmation>(client, (confirmation) => confirmation.status === 'error')
    expect(failed.error).toMatchObject({ code: 'transaction_failure', shortMessage: 'Transaction failed' })
    expect(failed.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(failed.receipt).toMatchObject({ hash: failed.hash, status: 'reverted' })

    failed.retry()
    const again = await ethereumReady(client)
    expect(again).toMatchObject({ hash: null, receipt: null, error: null })
    expect(again.summary!.request.nonce).toBe(1)
    again.reject()
    await expect(sending).rejects.toMatchObject({ code: 'transaction_failure', shortMessage: 'Transaction was rejected by the user' })
  })

  it("refuses a sponsored send ('not_supported': only TEE wallets are sponsored) before anything is queued or sent", async () => {
    const { client, prompts } = await signedIn()
    await expect(client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: 1n }, sponsor: true })).rejects.toMatchObject({
      code: 'not_supported',
      shortMessage: 'Gas sponsorship is not available for this wallet.',
    })
    expect(prompts).toEqual([])
    expect(confirmations(client)).toEqual([])
  })

  it('signs only in sign-only mode, then leaves the queue after the success display', async () => {
    const { client, address } = await signedIn()
    const signing = client.embeddedWallets.signTransaction({ transaction: { to: recipient, value: 5n } })
    const ready = await ethereumReady(client)
    expect(ready.signOnly).toBe(true)
    ready.approve()
    const { signature } = await signing
    expect(parseTransaction(signature as TransactionSerialized)).toMatchObject({ to: recipient.toLowerCase(), value: 5n, chainId: 31337 })
    expect(await recoverTransactionAddress({ serializedTransaction: signature as TransactionSerialized })).toBe(address)
    expect(confirmations(client)[0]!.status).toBe('complete')
    await embeddedStateWhere(client, (state) => !state.confirmations?.length)
    // Nothing was sent.
    expect(await rpc<Hex>('eth_getTransactionCount', [address, 'pending'])).toBe('0x0')
  })

  it("queues several sends with their position, each approved with the wallet's next nonce", async () => {
    const { client } = await signedIn()
    const sends = [1n, 2n, 3n].map((value) => client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value } }))
    await embeddedStateWhere(
      client,
      (state) => state.confirmations?.length === 3 && state.confirmations.every((confirmation) => confirmation.status === 'ready'),
    )
    expect(confirmations(client).map((confirmation) => (confirmation as EthereumTransactionConfirmation).position)).toEqual([
      { index: 1, total: 3 },
      { index: 2, total: 3 },
      { index: 3, total: 3 },
    ])
    const hashes: string[] = []
    for (const [index, sending] of sends.entries()) {
      ;(confirmations(client)[0] as EthereumTransactionConfirmation).approve()
      hashes.push((await sending).hash)
      const done = confirmations(client)[0] as EthereumTransactionConfirmation
      expect(done.position).toEqual({ index: index + 1, total: 3 })
      expect(done.summary!.request.nonce).toBe(index)
      done.reject()
    }
    const nonces = await Promise.all(
      hashes.map((hash) => rpc<{ nonce: Hex }>('eth_getTransactionByHash', [hash]).then((transaction) => Number(transaction.nonce))),
    )
    expect(nonces).toEqual([0, 1, 2])
  })

  it("holds the EIP-1193 provider's sends in the same queue; declined, they reject with 4001", async () => {
    const { client, address } = await signedIn()
    const provider = await client.embeddedWallets.getEthereumProvider()
    const sending = provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to: recipient, value: '0x1' }] })
    const ready = await ethereumReady(client)
    expect(ready.summary!.send!.value).toBe(1n)
    ready.reject()
    await expect(sending).rejects.toMatchObject({ name: 'ProviderRpcError', code: 4001, message: 'The user rejected the request.' })
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: recipient, to: recipient }] })).rejects.toMatchObject({ code: 4100 })
    expect(confirmations(client)).toEqual([])
  })

  it('runs headless when the call turns wallet UIs off', async () => {
    const { client, prompts } = await signedIn()
    const { hash } = await client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: 1n }, uiOptions: { showWalletUIs: false } })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(prompts).toEqual([])
    expect(confirmations(client)).toEqual([])
  })

  it('a send retried with its idempotency key answers the first hash and puts one transaction on chain (docs/security.md #60)', async () => {
    const { client, address } = await signedIn()
    const approved = async (value: bigint) => {
      const sending = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value }, idempotencyKey: 'order-42' })
      ;(await ethereumReady(client)).approve()
      const outcome = await sending.catch((error: unknown) => error)
      confirmations(client)[0]?.reject()
      await embeddedStateWhere(client, (state) => !state.confirmations?.length)
      return outcome
    }
    const first = await approved(parseEther('0.01'))
    const retried = await approved(parseEther('0.01'))
    expect(retried).toEqual(first)
    expect(Number(await rpc<Hex>('eth_getTransactionCount', [address, 'latest']))).toBe(1)
    // Another transaction with the key: the confirmation shows the refusal, and nothing is sent.
    const other = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: parseEther('0.02') }, idempotencyKey: 'order-42' })
    ;(await ethereumReady(client)).approve()
    const refused = await confirmationWhere<EthereumTransactionConfirmation>(client, (confirmation) => confirmation.status === 'error')
    expect(refused.error).toMatchObject({ code: 'invalid_data', shortMessage: 'This idempotency key was already used for another transaction.' })
    refused.reject()
    await expect(other).rejects.toMatchObject({ code: 'invalid_data' })
    expect(Number(await rpc<Hex>('eth_getTransactionCount', [address, 'latest']))).toBe(1)
  })
})

describe('the transaction scan', () => {
  const malicious: ScanTransactionResponse = {
    validation: {
      status: 'Success',
      result_type: 'Malicious',
      reason: 'transfer_farming',
      description: 'This is a malicious transaction',
      features: [{ type: 'Malicious', feature_id: 'KNOWN_DRAINER', description: 'Known drainer address', address: recipient }],
    },
    simulation: {
      status: 'Success',
      assets_diffs: [
        {
          asset: { type: 'NATIVE', address: null, symbol: 'ETH', name: 'Ether', decimals: 18 },
          in: [],
          out: [{ value: '0.5', raw_value: '500000000000000000', usd_price: '1000.00' }],
        },
      ],
      exposures: [
        {
          asset: { type: 'ERC20', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'TTT', decimals: 18 },
          spenders: { [recipient]: { is_unlimited: true } },
        },
      ],
    },
  }

  it('scans when enabled, and a Malicious verdict needs the acknowledged risk before approval', async () => {
    const { client, address, scans } = await signedIn({ scanning: true, scanResponse: malicious })
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: parseEther('0.5') } })
    const scanned = await confirmationWhere<EthereumTransactionConfirmation>(
      client,
      (confirmation) => confirmation.kind === 'ethereum-transaction' && confirmation.scan.status === 'completed',
    )
    expect(scans).toHaveLength(1)
    expect(scans[0]).toMatchObject({
      chain_id: '31337',
      metadata: { domain: new URL(testbed.api.url).host },
      request: { method: 'eth_sendTransaction', params: [{ from: address, to: recipient, value: '0x6f05b59d3b20000', nonce: 0, gas: '0x5208' }] },
    })
    expect(scanned.scan).toEqual({
      status: 'completed',
      verdict: 'Malicious',
      reason: 'This is a malicious transaction',
      features: ['Known drainer address'],
      changes: [
        { asset: { type: 'NATIVE', address: null, name: 'Ether', symbol: 'ETH', logoUrl: null, decimals: 18 }, in: [], out: [{ value: '0.5', usd: 1000 }] },
      ],
      exposures: [
        {
          asset: { type: 'ERC20', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: null, symbol: 'TTT', logoUrl: null, decimals: 18 },
          spender: recipient,
          value: null,
          unlimited: true,
          approvedForAll: false,
        },
      ],
    })
    scanned.approve()
    expect(confirmations(client)[0]!.status).toBe('ready')
    scanned.acknowledgeRisk(true)
    expect((confirmations(client)[0] as EthereumTransactionConfirmation).acknowledgedRisk).toBe(true)
    confirmations(client)[0]!.approve()
    await expect(sending).resolves.toMatchObject({ hash: expect.stringMatching(/^0x/) })
  })

  it("shows 'Transaction scan failed' when the scan fails; the approval stays possible", async () => {
    const { client, scans } = await signedIn({
      scanning: true,
      scanRefusal: { status: 400, body: { error: 'Invalid transaction request', code: 'invalid_data' } },
    })
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: 1n } })
    const failed = await confirmationWhere<EthereumTransactionConfirmation>(
      client,
      (confirmation) => confirmation.kind === 'ethereum-transaction' && confirmation.scan.status === 'failed',
    )
    expect(failed.scan).toEqual({ status: 'failed', message: 'Transaction scan failed' })
    expect(scans).toHaveLength(1)
    failed.approve()
    await sending
  })

  it("follows the server's setting unless the host turns scanning off", async () => {
    const { client, scans } = await signedIn({ scanning: 'server' })
    const sending = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: 1n } })
    // The server refuses with feature_not_enabled: no scan, not a failed one.
    const unscanned = await confirmationWhere<EthereumTransactionConfirmation>(
      client,
      (confirmation) =>
        scans.length === 1 && confirmation.status === 'ready' && confirmation.kind === 'ethereum-transaction' && confirmation.scan.status === 'uninitiated',
    )
    unscanned.approve()
    await sending
    confirmations(client)[0]!.reject()

    client.setConfig({ embeddedWallets: { transactionScanning: { enabled: false } } })
    const second = client.embeddedWallets.sendTransaction({ transaction: { to: recipient, value: 1n } })
    const ready = await ethereumReady(client)
    expect(ready.scan).toEqual({ status: 'uninitiated' })
    ready.approve()
    await second
    expect(scans).toHaveLength(1)
  })
})

describe('sign message confirmations', () => {
  it('shows the message as text, signs on approval, and rejects with 4001 when declined', async () => {
    const { client, address } = await signedIn()
    const signing = client.embeddedWallets.signMessage({ message: 'hello tessera', uiOptions: { title: 'Sign in to Tessera', isCancellable: true } })
    const shown = await confirmationWhere<SignMessageConfirmation>(client, (confirmation) => confirmation.kind === 'sign-message')
    expect(shown).toMatchObject({
      status: 'ready',
      chainType: 'ethereum',
      method: 'personal_sign',
      message: 'hello tessera',
      address,
      uiOptions: { title: 'Sign in to Tessera', isCancellable: true },
    })
    shown.approve()
    const { signature } = await signing
    expect(await verifyMessage({ address, message: 'hello tessera', signature: signature as Hex })).toBe(true)
    await embeddedStateWhere(client, (state) => !state.confirmations?.length)

    const provider = await client.embeddedWallets.getEthereumProvider()
    const binary = provider.request({ method: 'personal_sign', params: ['0x00ff10', address] })
    const declined = await confirmationWhere<SignMessageConfirmation>(client, (confirmation) => confirmation.kind === 'sign-message')
    expect(declined.message).toBe('0x00ff10')
    declined.reject()
    await expect(binary).rejects.toMatchObject({ name: 'ProviderRpcError', code: 4001, message: 'The user rejected the request.' })
  })

  it('pretty-prints typed data', async () => {
    const { client } = await signedIn()
    const typedData = {
      domain: { name: 'Tessera', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'gm' },
    }
    const signing = client.embeddedWallets.signTypedData({ typedData })
    const shown = await confirmationWhere<SignMessageConfirmation>(client, (confirmation) => confirmation.kind === 'sign-message')
    expect(shown.method).toBe('eth_signTypedData_v4')
    expect(shown.message).toBe(JSON.stringify(typedData, null, 2))
    shown.reject()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })
})
