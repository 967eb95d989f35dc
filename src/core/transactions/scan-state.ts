/** The transaction scan (funding spec, "States and transitions") as the confirmation shows it: the request the server rates, and its answer read. */
import type { FrameTransactionRequest, ScanResponseAsset, ScanResponseAssetValue, ScanTransactionInput, ScanTransactionResponse } from '../../protocol/index.js'
import { TRANSACTION_SCAN_FAILED_MESSAGE } from '../errors/transaction-errors.js'
import type { ScanAssetChange, ScanState } from './types.js'

/** The Blockaid-shaped request: the prepared transaction as `eth_sendTransaction` params, on the API's host. */
export function scanInput(from: string, transaction: FrameTransactionRequest, domain: string): ScanTransactionInput {
  const { to, value, data, gas, nonce } = transaction
  const gasPrice = transaction.maxFeePerGas ?? transaction.gasPrice
  return {
    chain_id: String(transaction.chainId),
    metadata: { domain },
    request: {
      method: 'eth_sendTransaction',
      params: [{ from, ...(to && { to }), ...(value && { value }), ...(data && { data }), gas, ...(gasPrice && { gasPrice }), nonce }],
    },
  }
}

/** A rejected validation is a failed scan; a failed simulation keeps the verdict with no changes to list. */
export function toScanState(response: ScanTransactionResponse): ScanState {
  const { validation, simulation } = response
  if (validation.status !== 'Success') return { status: 'failed', message: TRANSACTION_SCAN_FAILED_MESSAGE }
  const succeeded = simulation.status === 'Success'
  return {
    status: 'completed',
    verdict: validation.result_type,
    reason: validation.description || validation.reason || null,
    features: validation.features.map((feature) => feature.description),
    changes: succeeded ? simulation.assets_diffs.map((diff) => ({ asset: toAsset(diff.asset), in: diff.in.map(toAmount), out: diff.out.map(toAmount) })) : [],
    exposures: succeeded
      ? simulation.exposures.flatMap((exposure) =>
          Object.entries(exposure.spenders).map(([spender, allowance]) => ({
            asset: toAsset(exposure.asset),
            spender,
            value: allowance.value ?? null,
            unlimited: allowance.is_unlimited ?? false,
            approvedForAll: allowance.approved_for_all ?? false,
          })),
        )
      : [],
  }
}

function toAsset(asset: ScanResponseAsset): ScanAssetChange['asset'] {
  return {
    type: asset.type,
    address: asset.address,
    name: asset.name ?? null,
    symbol: asset.symbol ?? null,
    logoUrl: asset.logo_url ?? null,
    decimals: asset.decimals ?? null,
  }
}

function toAmount(amount: ScanResponseAssetValue): ScanAssetChange['in'][number] {
  return {
    value: amount.value,
    usd: amount.usd_price === undefined ? null : Number(amount.usd_price),
    ...(amount.token_id !== undefined && { tokenId: amount.token_id }),
  }
}
