/**
 * A smart wallet's calls in the Ethereum confirmation (funding spec, "Screens and routes": "Ethereum transaction confirmation", batched): the
 * user operation is prepared once (gas from the bundler, and the paymaster's signed data when the app sponsors it);
 * each call is a page titled ' (i / n)' with its own rows and the operation's fee ('Sponsored by {app}' with a
 * paymaster); 'Continue' moves to the next call and the last 'Approve' signs and sends that prepared operation. The
 * receipt is the bundle transaction's; an operation that ran but failed is 'Transaction failed'.
 */
import type { Hash, Hex } from 'viem'
import type { PrepareUserOperationReturnType } from 'viem/account-abstraction'
import type { Chain } from '../chains/chain.js'
import { TesseraError } from '../errors/base-error.js'
import { transactionFailedError, transactionPreparationError } from '../errors/transaction-errors.js'
import type { ConfirmationController, ConfirmationEntry } from '../transactions/confirmation-queue.js'
import { nativeShortfallFunding, unpreparedEthereumFields } from '../transactions/ethereum-confirmation.js'
import { summarizeEthereumCall, type EthereumConfirmationContext } from '../transactions/prepare-ethereum-confirmation.js'
import type { EthereumReceipt, EthereumTransactionConfirmation, EthereumTransactionSummary, TransactionUiOptions } from '../transactions/types.js'
import { userOperationFailedError } from './errors.js'
import type { SmartWalletAccountClient } from './smart-account-client.js'

/** One call of a batch: sent together as one user operation. */
export interface SmartWalletCall {
  to: `0x${string}`
  value?: bigint
  data?: Hex
}

export interface UserOperationInput {
  client: SmartWalletAccountClient
  calls: readonly SmartWalletCall[]
  /** The smart wallet's chain as the confirmation shows it (name, currency, explorer). */
  chain: Chain
  uiOptions: TransactionUiOptions
  /** Token prices for the rows' USD values (the embedded wallets' lookup); absent: amounts only. */
  tokenPriceUsd?: EthereumConfirmationContext['tokenPriceUsd']
}

type Entry = ConfirmationEntry<EthereumTransactionConfirmation, Hash>
type PreparedOperation = PrepareUserOperationReturnType

const NONCE_SEQUENCE_MASK = (1n << 64n) - 1n

/** Every gas limit of the operation (the paymaster's too) at its highest fee: what the account pays when not sponsored. */
function operationGas(operation: PreparedOperation): bigint {
  const paymasterGas =
    'paymasterVerificationGasLimit' in operation ? (operation.paymasterVerificationGasLimit ?? 0n) + (operation.paymasterPostOpGasLimit ?? 0n) : 0n
  return operation.callGasLimit + operation.verificationGasLimit + operation.preVerificationGas + paymasterGas
}

const isSponsored = (operation: PreparedOperation) =>
  Boolean('paymaster' in operation ? operation.paymaster : operation.paymasterAndData && operation.paymasterAndData !== '0x')

/** Sends the calls as one user operation and resolves with the hash of the transaction that carried it. */
export async function sendUserOperation(
  client: SmartWalletAccountClient,
  operation: Parameters<SmartWalletAccountClient['sendUserOperation']>[0],
): Promise<{ hash: Hash; receipt: Omit<EthereumReceipt, 'explorerUrl'> }> {
  const userOperationHash = await client.sendUserOperation(operation)
  const { success, receipt } = await client.waitForUserOperationReceipt({ hash: userOperationHash })
  const hash = receipt.transactionHash
  return { hash, receipt: { hash, status: success ? 'success' : 'reverted', blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed } }
}

/** Sends the prepared operation, signed by the account now (it carries the account's stub signature until then). */
async function submitOperation({ client, chain }: UserOperationInput, entry: Entry, operation: PreparedOperation) {
  entry.update({ status: 'submitting' })
  try {
    const { signature: _stub, ...unsigned } = operation
    const { hash, receipt } = await sendUserOperation(client, unsigned as never)
    const explorerUrl = chain.blockExplorerUrl ? `${chain.blockExplorerUrl.replace(/\/+$/, '')}/tx/${hash}` : null
    const shown = { receipt: { ...receipt, explorerUrl }, hash }
    if (receipt.status === 'reverted') return entry.fail(transactionFailedError(hash), shown)
    entry.complete(hash, shown, 'by-user')
  } catch (error) {
    entry.fail(userOperationFailedError(error))
  }
}

export function userOperationConfirmation(input: UserOperationInput): ConfirmationController<EthereumTransactionConfirmation, Hash> {
  const { client, calls, chain } = input
  const address = client.account.address
  // The chain's RPC (the account's public client), not the bundler's.
  const rpc = <T>(method: string, params: unknown[]) => client.account.client.request({ method, params } as never) as Promise<T>
  const context: EthereumConfirmationContext = { address, chainFor: () => chain, rpc, tokenPriceUsd: input.tokenPriceUsd }
  let prepared: { operation: PreparedOperation; summaries: EthereumTransactionSummary[]; needed: bigint } | null = null

  async function prepare(entry: Entry) {
    prepared = null
    entry.update({ status: 'preparing', error: null, summary: null, receipt: null, hash: null, position: { index: 1, total: calls.length } })
    try {
      const operation = (await client.prepareUserOperation({ calls } as never)) as PreparedOperation
      const sponsored = isSponsored(operation)
      const gas = operationGas(operation)
      const fee = sponsored ? 0n : gas * operation.maxFeePerGas
      const balance = BigInt(await rpc<Hex>('eth_getBalance', [address, 'latest']))
      const needed = calls.reduce((total, call) => total + (call.value ?? 0n), fee)
      // An EntryPoint nonce is key << 64 | sequence: the sequence is the account's count of operations under that key.
      const costs = { fee, sponsored, balance, needed, nonce: Number(operation.nonce & NONCE_SEQUENCE_MASK), gas, type: 'user-operation' as const }
      const summaries = await Promise.all(
        calls.map((call) => summarizeEthereumCall(context, chain, { to: call.to, value: call.value ?? 0n, data: call.data ?? null }, costs)),
      )
      prepared = { operation, summaries, needed }
      entry.update({ status: 'ready', summary: summaries[0]! })
    } catch (error) {
      entry.fail(TesseraError.is(error) ? error : transactionPreparationError(error))
    }
  }

  return {
    headless: () =>
      sendUserOperation(client, { calls } as never).then(
        ({ hash }) => hash,
        (error: unknown) => Promise.reject(userOperationFailedError(error)),
      ),
    initialStatus: 'preparing',
    create: (entry) => ({
      kind: 'ethereum-transaction',
      address,
      chain,
      signOnly: false,
      uiOptions: input.uiOptions,
      userOperation: true,
      ...unpreparedEthereumFields(),
      approve() {
        const { position, summary } = entry.current()
        if (!prepared || !summary || summary.insufficientFunds) return
        // 'Continue': the next call; the last call's 'Approve' sends them all.
        if (position.index < position.total)
          return entry.update({ position: { ...position, index: position.index + 1 }, summary: prepared.summaries[position.index]! })
        void submitOperation(input, entry, prepared.operation)
      },
      acknowledgeRisk: (value) => entry.update({ acknowledgedRisk: value }),
      retry() {
        if (entry.current()?.status === 'error') void prepare(entry)
      },
    }),
    start: (entry) => void prepare(entry),
    fundingRequest: (entry) => {
      const { summary } = entry.current()
      return prepared && summary?.insufficientFunds ? nativeShortfallFunding(address, summary, prepared.needed) : null
    },
    refresh: (entry) => void prepare(entry),
  }
}
