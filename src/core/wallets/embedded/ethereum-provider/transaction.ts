import { ethereumTransactionConfirmation } from '../../../transactions/ethereum-confirmation.js'
import { assertSender, type Hex } from '../../../transactions/prepare-ethereum-transaction.js'
import type { EthereumConfirmationContext } from '../../../transactions/prepare-ethereum-confirmation.js'
import type { TransactionUiOptions } from '../../../transactions/types.js'
import { invalidParamsError } from '../provider-rpc-error.js'
import type { EthereumTransactionRequest } from '../types.js'
import { confirm } from './confirm.js'
import { chainById, rpc, type EthereumProviderRuntime } from './runtime.js'
import type { RequestPresentation } from './types.js'

/**
 * `eth_signTransaction` (`signOnly`) and `eth_sendTransaction`: the transaction is completed from the chain, confirmed,
 * signed by the frame and, unless only signed, broadcast (or sent by the wallet API when sponsored).
 */
export function confirmTransaction(
  runtime: EthereumProviderRuntime,
  [transaction]: unknown[],
  presentation: RequestPresentation,
  signOnly: boolean,
): Promise<Hex> {
  if (typeof transaction !== 'object' || transaction === null) throw invalidParamsError()
  const request = transaction as EthereumTransactionRequest
  const { options } = runtime
  assertSender(options.address, request)
  const context = confirmationContext(runtime)
  return confirm(
    runtime,
    ethereumTransactionConfirmation({
      context,
      request,
      chain: context.chainFor(request),
      signOnly,
      uiOptions: (presentation.uiOptions ?? {}) as TransactionUiOptions,
      sign: (prepared) => options.sign({ method: 'eth_signTransaction', params: [prepared] }) as Promise<Hex>,
      ...(presentation.sponsor &&
        !signOnly && { sponsoredSend: (prepared) => options.sign({ method: 'eth_sendTransaction', params: [prepared], sponsor: true }) as Promise<Hex> }),
      scan: options.scan?.(),
      receiptPollMs: options.receiptPollMs,
      ...(presentation.idempotencyKey && !signOnly && { idempotency: { key: presentation.idempotencyKey, ledger: runtime.sends } }),
    }),
    presentation,
  )
}

/** The wallet and its chains as the transaction's preparation reads them: a request's own chain id wins over the provider's chain. */
function confirmationContext(runtime: EthereumProviderRuntime): EthereumConfirmationContext {
  return {
    address: runtime.options.address,
    chainFor: (request) => (request.chainId !== undefined ? chainById(runtime, Number(request.chainId)) : runtime.chain),
    rpc: (method, params, on) => rpc(runtime, method, params, on),
    tokenPriceUsd: runtime.options.tokenPriceUsd,
  }
}
