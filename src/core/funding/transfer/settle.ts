/** Waiting for a paying Ethereum transaction on its chain: the receipt (reverted: 'Transaction failed'). */
import { transactionFailedError } from '../../errors/transaction-errors.js'
import { callJsonRpc } from '../../wallets/embedded/json-rpc.js'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function waitForReceipt(rpcUrl: string, hash: string, pollMs: number, fetchImpl?: typeof fetch): Promise<void> {
  for (;;) {
    const receipt = await callJsonRpc<{ status: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash], fetchImpl)
    if (receipt) {
      if (receipt.status !== '0x1') throw transactionFailedError(hash)
      return
    }
    await pause(pollMs)
  }
}
