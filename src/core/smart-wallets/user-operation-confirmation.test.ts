/**
 * The batch confirmation's steps over the real confirmation queue. The smart account client is a stand-in here (what
 * it would prepare, what the bundler answers): the real bundler, paymaster and chain are in
 * server/src/smart-wallets/smart-wallets-client.test.ts and the browser e2e test/e2e/smart-wallets.test.ts.
 */
import { encodeFunctionData, erc20Abi, parseEther, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Chain } from '../chains/chain.js'
import { createConfirmationQueue, type ConfirmationQueueDeps } from '../transactions/confirmation-queue.js'
import type { EthereumTransactionConfirmation } from '../transactions/types.js'
import { createStore } from '../utils/store.js'
import type { EmbeddedWalletsState } from '../wallets/embedded/types.js'
import type { SmartWalletAccountClient } from './smart-account-client.js'
import { userOperationConfirmation, type SmartWalletCall } from './user-operation-confirmation.js'

const SMART = '0x1111111111111111111111111111111111111111'
const TOKEN = '0x2222222222222222222222222222222222222222'
const RECIPIENT = '0x3333333333333333333333333333333333333333'
const TX_HASH = `0x${'ab'.repeat(32)}` as Hex
const chain: Chain = {
  id: 31337,
  name: 'Anvil',
  network: 'anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:1',
  blockExplorerUrl: 'https://explorer.test/',
  testnet: true,
}
const gas = {
  callGasLimit: 100_000n,
  verificationGasLimit: 200_000n,
  preVerificationGas: 50_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1n,
  nonce: (5n << 64n) + 7n,
}
const calls: SmartWalletCall[] = [
  { to: RECIPIENT, value: parseEther('0.001') },
  { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 5_000_000n] }) },
]

/** A smart account client that prepares `operation`, holds `balance`, and answers sends with `success`. */
function standIn({ balance = parseEther('1'), sponsored = false, success = true } = {}) {
  const sent: Record<string, unknown>[] = []
  let prepared = 0
  const chainRpc = async ({ method, params }: { method: string; params: [{ data?: string }] }) => {
    if (method === 'eth_getBalance') return `0x${balance.toString(16)}`
    // The token's symbol() and decimals().
    if (params[0]?.data === '0x95d89b41') return `0x${'20'.padStart(64, '0')}${'4'.padStart(64, '0')}${Buffer.from('USDC').toString('hex').padEnd(64, '0')}`
    return `0x${'6'.padStart(64, '0')}`
  }
  const client = {
    account: { address: SMART, client: { request: chainRpc } },
    prepareUserOperation: async () => {
      prepared++
      return {
        sender: SMART,
        callData: '0x',
        signature: '0xstub',
        ...gas,
        ...(sponsored && { paymaster: TOKEN, paymasterData: '0x01', paymasterVerificationGasLimit: 100_000n, paymasterPostOpGasLimit: 0n }),
      }
    },
    sendUserOperation: async (operation: Record<string, unknown>) => (sent.push(operation), '0xuserop'),
    waitForUserOperationReceipt: async () => ({ success, receipt: { transactionHash: TX_HASH, blockNumber: 9n, gasUsed: 21_000n } }),
  }
  return { client: client as unknown as SmartWalletAccountClient, sent, prepared: () => prepared }
}

function queueFor(fundWallet?: ConfirmationQueueDeps['fundWallet']) {
  const state = createStore<EmbeddedWalletsState>({ status: 'ready', wallets: [], creating: null, error: null })
  const queue = createConfirmationQueue({ state, showWalletUIs: () => true, announce: () => true, fundWallet })
  const shown = () => (state.get().confirmations ?? [])[0] as EthereumTransactionConfirmation | undefined
  const when = async (condition: (confirmation: EthereumTransactionConfirmation) => boolean) => {
    for (let tries = 0; tries < 200; tries++) {
      const confirmation = shown()
      if (confirmation && condition(confirmation)) return confirmation
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`no such confirmation; last: ${JSON.stringify(shown(), (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`)
  }
  return { queue, shown, when }
}

describe('a smart wallet batch in the transaction confirmation', () => {
  it("shows each call as ' (i / n)' with the operation's fee, 'Continue' to the next, then sends the prepared operation once signed", async () => {
    const { client, sent, prepared } = standIn()
    const { queue, when } = queueFor()
    const result = queue.enqueue(userOperationConfirmation({ client, calls, chain, uiOptions: {} }))

    const first = await when((confirmation) => confirmation.status === 'ready')
    expect(first).toMatchObject({ kind: 'ethereum-transaction', userOperation: true, address: SMART, position: { index: 1, total: 2 } })
    const fee = (gas.callGasLimit + gas.verificationGasLimit + gas.preVerificationGas) * gas.maxFeePerGas
    expect(first.summary).toMatchObject({
      action: { type: 'send' },
      to: RECIPIENT,
      send: { value: parseEther('0.001') },
      sponsored: false,
      estimatedFee: { value: fee },
    })
    expect(first.summary!.request).toMatchObject({ from: SMART, nonce: 7, type: 'user-operation', gas: 350_000n })

    first.approve()
    const second = await when((confirmation) => confirmation.position.index === 2)
    expect(second.status).toBe('ready')
    expect(second.summary).toMatchObject({
      action: { type: 'transfer' },
      amount: { value: 5_000_000n, symbol: 'USDC', decimals: 6 },
      to: RECIPIENT,
      tokenAddress: TOKEN,
    })
    expect(sent).toHaveLength(0)

    second.approve()
    expect(await result).toBe(TX_HASH)
    const done = await when((confirmation) => confirmation.status === 'complete')
    expect(done.receipt).toMatchObject({ hash: TX_HASH, status: 'success', explorerUrl: `https://explorer.test/tx/${TX_HASH}` })
    // The operation shown is the one sent, without the stub signature (the account signs it), prepared once.
    expect(sent).toEqual([expect.objectContaining({ nonce: (5n << 64n) + 7n, callGasLimit: 100_000n })])
    expect(sent[0]).not.toHaveProperty('signature')
    expect(prepared()).toBe(1)
  })

  it("with a paymaster: 'Sponsored by {app}', and only the values need covering", async () => {
    const { client } = standIn({ sponsored: true, balance: parseEther('0.001') })
    const { queue, when } = queueFor()
    void queue.enqueue(userOperationConfirmation({ client, calls, chain, uiOptions: {} })).catch(() => undefined)
    const first = await when((confirmation) => confirmation.status === 'ready')
    expect(first.summary).toMatchObject({ sponsored: true, estimatedFee: null, insufficientFunds: false })
    first.reject()
  })

  it("without enough for the values and the fee: 'Add funds' for the shortfall, and approve does nothing", async () => {
    const { client, sent } = standIn({ balance: parseEther('0.001') })
    const fundings: unknown[] = []
    const { queue, when } = queueFor(async (input) => fundings.push(input))
    void queue.enqueue(userOperationConfirmation({ client, calls, chain, uiOptions: {} })).catch(() => undefined)
    const shown = await when((confirmation) => confirmation.status === 'ready')
    expect(shown.summary).toMatchObject({ insufficientFunds: true })
    shown.approve()
    expect((await when(() => true)).position.index).toBe(1)
    shown.addFunds()
    const fee = (gas.callGasLimit + gas.verificationGasLimit + gas.preVerificationGas) * gas.maxFeePerGas
    expect(fundings).toEqual([expect.objectContaining({ address: SMART, chain: 31337, asset: 'native-currency' })])
    expect(Number((fundings[0] as { amount: string }).amount)).toBeGreaterThanOrEqual(Number(fee) / 1e18)
    expect(sent).toHaveLength(0)
    shown.reject()
  })

  it("an operation that ran and failed is 'Transaction failed' with the bundle's hash", async () => {
    const { client } = standIn({ success: false })
    const { queue, when } = queueFor()
    const result = queue.enqueue(userOperationConfirmation({ client, calls: calls.slice(0, 1), chain, uiOptions: {} }))
    result.catch(() => undefined)
    const only = await when((confirmation) => confirmation.status === 'ready')
    expect(only.position).toEqual({ index: 1, total: 1 })
    only.approve()
    const failed = await when((confirmation) => confirmation.status === 'error')
    expect(failed.error).toMatchObject({ shortMessage: 'Transaction failed' })
    expect(failed.hash).toBe(TX_HASH)
    failed.reject()
    await expect(result).rejects.toMatchObject({ shortMessage: 'Transaction failed' })
  })
})
