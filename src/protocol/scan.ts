/**
 * `POST /api/v1/scan/transaction` (funding spec, "The calls it makes"; docs/wire.md "Routes"): the Blockaid-shaped JSON-RPC scan the reference
 * clients send and read. The server's default scanner simulates on the chain's RPC and applies docs/scanning.md's rules.
 */
import { get, post } from './routes/route.js'

export const scanRoutes = {
  transaction: post<ScanTransactionInput, ScanTransactionResponse>('/api/v1/scan/transaction'),
  /** `?chainId=&tokenSymbol=` (chainId 0 with SOL for Solana). */
  tokenPrice: get<TokenPriceResponse>('/api/v1/token_price'),
  /** `?mint_address=&cluster=`. */
  splTokenInfo: get<SplTokenInfoResponse>('/api/v1/spl_token_info'),
} as const

/** Verdicts (funding spec, "States and transitions"): Benign shows nothing, Warning the warning banner, Malicious the banner and checkbox. */
export type ScanVerdict = 'Benign' | 'Warning' | 'Malicious'

export interface ScanTransactionInput {
  /** EIP-155 id, decimal or 0x hex. */
  chain_id: string
  metadata: { domain: string }
  request: { method: 'eth_sendTransaction'; params: [ScanTransactionParams] }
}

export interface ScanTransactionParams {
  from: string
  to?: string
  value?: string
  data?: string
  gas?: string
  gasPrice?: string
  nonce?: string | number
}

/** What the scanned asset is; `address` is null for the chain's native currency. */
export interface ScanResponseAsset {
  type: 'NATIVE' | 'ERC20' | 'ERC721' | 'ERC1155'
  address: string | null
  name?: string
  symbol?: string
  logo_url?: string
  decimals?: number
}

/** One amount moving in or out: `value` in whole units as a decimal string ('1.5'), `raw_value` in base units. */
export interface ScanResponseAssetValue {
  value: string
  raw_value: string
  /** The USD value of this amount ('4500.00'); absent when no price is known. */
  usd_price?: string
  /** ERC-721 and ERC-1155 only. */
  token_id?: string
}

/** The wallet's change in one asset: what enters (`in`) and leaves (`out`) it. */
export interface ScanResponseAssetDiff {
  asset: ScanResponseAsset
  in: ScanResponseAssetValue[]
  out: ScanResponseAssetValue[]
}

/** An allowance the transaction grants, per spender; `value` is absent for an approval of a whole collection. */
export interface ScanResponseExposureValue {
  value?: string
  raw_value?: string
  usd_price?: string
  /** An ERC-20 allowance of at least 2^255 base units. */
  is_unlimited?: boolean
  /** setApprovalForAll(true): every token of the collection. */
  approved_for_all?: boolean
  /** ERC-721 approve(spender, tokenId). */
  token_id?: string
}

export interface ScanResponseExposure {
  asset: ScanResponseAsset
  spenders: Record<string, ScanResponseExposureValue>
}

/** One rule the scan matched (docs/scanning.md); `feature_id` is the rule's reason code. */
export interface ScanResponseFeature {
  type: ScanVerdict
  feature_id: string
  description: string
  address?: string
}

export type ScanValidation =
  | { status: 'Error'; error: string }
  | {
      status: 'Success'
      result_type: ScanVerdict
      /** The reason code of the most severe rule matched; '' when Benign. */
      reason: string
      /** A one-line summary of `reason` for people ('' when Benign). */
      description: string
      features: ScanResponseFeature[]
    }

export type ScanSimulation =
  | { status: 'Error'; error: string }
  | { status: 'Success'; assets_diffs: ScanResponseAssetDiff[]; exposures: ScanResponseExposure[] }

/** The response of `POST /api/v1/scan/transaction`. */
export interface ScanTransactionResponse {
  validation: ScanValidation
  simulation: ScanSimulation
}

export interface TokenPriceResponse {
  usd: number
}

export interface SplTokenInfoResponse {
  symbol: string
  decimals: number
}
