import { formatUnits, numberToHex } from 'viem'
import type {
  ScanResponseAsset,
  ScanResponseAssetDiff,
  ScanResponseAssetValue,
  ScanResponseExposure,
  ScanResponseExposureValue,
  ScanSimulation,
  ScanTransactionResponse,
  ScanValidation,
} from '../../../src/protocol/index.js'
import { UNLIMITED_ALLOWANCE } from './scan-rules.js'
import { SIMULATION_FAILED } from './simulation-scanner.js'
import type { ScanTransaction, TransactionScanner } from './types.js'

const TIMEOUT_MS = 15_000
const assetTypes = new Set(['NATIVE', 'ERC20', 'ERC721', 'ERC1155'])

/** The parts of Blockaid's `POST /v0/evm/json-rpc/scan` response this adapter reads. */
interface BlockaidAsset {
  type?: string
  address?: string
  name?: string
  symbol?: string
  decimals?: number
  logo_url?: string
}
interface BlockaidAmount {
  value?: string
  raw_value?: string
  usd_price?: string
  token_id?: string
}
interface BlockaidSpender {
  approval?: string
  approval_usd_price?: string
  is_approved_for_all?: boolean
  exposure?: BlockaidAmount[]
}
interface BlockaidResponse {
  validation?: {
    status?: string
    result_type?: string
    reason?: string
    description?: string
    error?: string
    features?: { type?: string; feature_id?: string; description?: string; address?: string }[]
  }
  simulation?: {
    status?: string
    error?: string
    account_summary?: {
      assets_diffs?: { asset_type?: string; asset?: BlockaidAsset; in?: BlockaidAmount[]; out?: BlockaidAmount[] }[]
      exposures?: { asset_type?: string; asset?: BlockaidAsset; spenders?: Record<string, BlockaidSpender> }[]
    }
  }
}

/**
 * A scanner backed by Blockaid's documented JSON-RPC scan (`POST {apiUrl}/v0/evm/json-rpc/scan`, `X-API-Key`),
 * its account summary mapped onto our response. Any failure (HTTP, timeout, a malformed answer) reads as a scan
 * that could not run; neither the key nor Blockaid's body reaches the client.
 */
export function blockaidScanner(settings: { apiUrl: string; apiKeyEnv: string }, env: NodeJS.ProcessEnv = process.env): TransactionScanner {
  return {
    async scan(request) {
      const apiKey = env[settings.apiKeyEnv]
      if (!apiKey) return failedScan()
      let body: BlockaidResponse
      try {
        const response = await fetch(`${settings.apiUrl}/v0/evm/json-rpc/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify({
            chain: String(request.chainId),
            account_address: request.transaction.from,
            data: { method: 'eth_sendTransaction', params: [transactionParams(request.transaction)] },
            // Blockaid wants a URL; clients send the page's host.
            metadata: { domain: /^https?:\/\//.test(request.domain) ? request.domain : `https://${request.domain}` },
            options: ['simulation', 'validation'],
            block: 'latest',
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        if (!response.ok) return failedScan()
        body = (await response.json()) as BlockaidResponse
      } catch {
        return failedScan()
      }
      return { validation: validationOf(body.validation), simulation: simulationOf(body.simulation) }
    },
  }
}

const failedScan = (): ScanTransactionResponse => ({
  validation: { status: 'Error', error: SIMULATION_FAILED },
  simulation: { status: 'Error', error: SIMULATION_FAILED },
})

const transactionParams = (transaction: ScanTransaction) => ({
  from: transaction.from,
  ...(transaction.to && { to: transaction.to }),
  value: numberToHex(transaction.value),
  data: transaction.data,
  ...(transaction.gas !== null && { gas: numberToHex(transaction.gas) }),
})

function validationOf(validation: BlockaidResponse['validation']): ScanValidation {
  const resultType = validation?.result_type
  if (validation?.status !== 'Success' || (resultType !== 'Benign' && resultType !== 'Warning' && resultType !== 'Malicious')) {
    return { status: 'Error', error: SIMULATION_FAILED }
  }
  return {
    status: 'Success',
    result_type: resultType,
    reason: validation.reason ?? '',
    description: validation.description ?? '',
    features: (validation.features ?? []).map((feature) => ({
      // Blockaid's 'Info' features explain rather than flag.
      type: feature.type === 'Malicious' || feature.type === 'Warning' ? feature.type : 'Benign',
      feature_id: feature.feature_id ?? '',
      description: feature.description ?? '',
      ...(feature.address && { address: feature.address.toLowerCase() }),
    })),
  }
}

function simulationOf(simulation: BlockaidResponse['simulation']): ScanSimulation {
  if (simulation?.status !== 'Success') return { status: 'Error', error: simulation?.error ? `${SIMULATION_FAILED}: ${simulation.error}` : SIMULATION_FAILED }
  const summary = simulation.account_summary ?? {}
  const known = <T extends { asset_type?: string; asset?: BlockaidAsset }>(entries: T[] | undefined) =>
    (entries ?? []).filter((entry) => entry.asset && assetTypes.has(entry.asset_type ?? ''))
  const assets_diffs: ScanResponseAssetDiff[] = known(summary.assets_diffs).map((diff) => {
    const asset = assetOf(diff.asset_type!, diff.asset!)
    return { asset, in: (diff.in ?? []).map((amount) => amountOf(asset, amount)), out: (diff.out ?? []).map((amount) => amountOf(asset, amount)) }
  })
  const exposures: ScanResponseExposure[] = known(summary.exposures).map((exposure) => {
    const asset = assetOf(exposure.asset_type!, exposure.asset!)
    const spenders = Object.fromEntries(Object.entries(exposure.spenders ?? {}).map(([spender, value]) => [spender.toLowerCase(), spenderOf(asset, value)]))
    return { asset, spenders }
  })
  return { status: 'Success', assets_diffs, exposures }
}

function assetOf(type: string, asset: BlockaidAsset): ScanResponseAsset {
  return {
    type: type as ScanResponseAsset['type'],
    address: type === 'NATIVE' ? null : (asset.address?.toLowerCase() ?? null),
    ...(asset.name && { name: asset.name }),
    ...(asset.symbol && { symbol: asset.symbol }),
    ...(asset.logo_url && { logo_url: asset.logo_url }),
    ...(asset.decimals !== undefined && { decimals: asset.decimals }),
  }
}

/** ERC-721 amounts carry only a token id (one piece); ERC-1155 `value` is in base units. */
function amountOf(asset: ScanResponseAsset, amount: BlockaidAmount): ScanResponseAssetValue {
  const raw = amount.raw_value ?? (asset.type === 'ERC721' ? '1' : (amount.value ?? '0'))
  return {
    value: amount.value ?? raw,
    raw_value: raw,
    ...(amount.usd_price && { usd_price: amount.usd_price }),
    ...(amount.token_id !== undefined && { token_id: String(amount.token_id) }),
  }
}

function spenderOf(asset: ScanResponseAsset, spender: BlockaidSpender): ScanResponseExposureValue {
  if (spender.is_approved_for_all) return { approved_for_all: true }
  if (asset.type !== 'ERC20' || spender.approval === undefined || !/^\d+$/.test(spender.approval)) {
    const tokenId = spender.exposure?.[0]?.token_id
    return tokenId !== undefined ? { token_id: String(tokenId) } : {}
  }
  const raw = BigInt(spender.approval)
  if (raw >= UNLIMITED_ALLOWANCE) return { is_unlimited: true }
  return {
    value: asset.decimals !== undefined ? formatUnits(raw, asset.decimals) : raw.toString(),
    raw_value: raw.toString(),
    ...(spender.approval_usd_price && { usd_price: spender.approval_usd_price }),
  }
}
