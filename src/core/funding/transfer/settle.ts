/** Waiting for a paying transaction on its chain: the receipt (reverted: 'Transaction failed'), or the signature's status. */
import { TesseraError } from '../../errors/base-error.js'
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

export async function waitForSignature(rpcUrl: string, signature: string, pollMs: number, fetchImpl?: typeof fetch): Promise<void> {
  for (;;) {
    const { value } = await callJsonRpc<{ value: ({ err: unknown; confirmationStatus: string | null } | null)[] }>(rpcUrl, 'getSignatureStatuses', [[signature]], fetchImpl)
    const status = value[0]
    if (status?.err) throw new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction failed', details: JSON.stringify(status.err), data: { hash: signature } })
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
    await pause(pollMs)
  }
}
