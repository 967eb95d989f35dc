import { decodeErrorResult, numberToHex, type Hex, type PublicClient, type RpcLog } from 'viem'
import type { ScanTransaction } from './types.js'

export type SimulationOutcome = { status: 'success'; logs: RpcLog[] } | { status: 'reverted'; reason: string }

interface SimulatedCall {
  status: Hex
  logs: RpcLog[]
  returnData: Hex
  error?: { message?: string }
}

/**
 * Runs the transaction on top of the latest block with `eth_simulateV1` and `traceTransfers` (native value moves
 * come back as ERC-20 Transfer logs from 0xeeee…eeee). `validation: false`: no nonce or fee checks, which are
 * not the scan's concern. Throws when the RPC cannot simulate (unreachable, or without eth_simulateV1).
 */
export async function simulateTransaction(client: PublicClient, transaction: ScanTransaction): Promise<SimulationOutcome> {
  const call = {
    from: transaction.from,
    ...(transaction.to && { to: transaction.to }),
    value: numberToHex(transaction.value),
    input: transaction.data,
    ...(transaction.gas !== null && { gas: numberToHex(transaction.gas) }),
  }
  const blocks = (await client.request({
    method: 'eth_simulateV1',
    params: [{ blockStateCalls: [{ calls: [call] }], traceTransfers: true, validation: false }, 'latest'],
  } as never)) as { calls: SimulatedCall[] }[]
  const result = blocks[0]?.calls[0]
  if (!result) throw new Error('eth_simulateV1 returned no call result')
  if (result.status === '0x1') return { status: 'success', logs: result.logs }
  return { status: 'reverted', reason: revertReason(result) }
}

function revertReason(result: SimulatedCall): string {
  if (result.returnData && result.returnData !== '0x') {
    try {
      const decoded = decodeErrorResult({ data: result.returnData })
      return `execution reverted: ${decoded.args.map(String).join(', ')}`
    } catch {
      // a custom error we have no ABI for: fall through to the RPC's message
    }
  }
  return result.error?.message ?? 'execution reverted'
}
