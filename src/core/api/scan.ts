import type { ScanTransactionInput, ScanTransactionResponse } from '../../protocol/index.js'
import { post } from '../../protocol/routes/route.js'
import type { Transport } from './transport.js'

const scanTransactionRoute = post('/api/v1/scan/transaction')

/** `POST /api/v1/scan/transaction` (funding spec, "States and transitions"): the server simulates the transaction and rates it. */
export function scanTransaction(transport: Transport, input: ScanTransactionInput): Promise<ScanTransactionResponse> {
  return transport.request<ScanTransactionResponse>(scanTransactionRoute, { body: input, auth: true })
}
