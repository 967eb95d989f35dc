import { formatUnits, type Address } from 'viem'
import type {
  ScanResponseAsset,
  ScanResponseAssetDiff,
  ScanResponseAssetValue,
  ScanResponseExposure,
  ScanResponseExposureValue,
} from '../../../src/protocol/index.js'
import type { PriceQuery } from '../tokens/price-source.js'
import type { Approval, AssetRef, Transfer } from './read-movements.js'
import { isGrant, UNLIMITED_ALLOWANCE } from './scan-rules.js'

export const assetKey = (asset: AssetRef) => (asset.type === 'NATIVE' ? 'native' : asset.address)

/** Resolved per asset before building: its description and its USD price per whole unit (null: unknown). */
export interface AssetFacts {
  info: ScanResponseAsset
  usdPerUnit: number | null
}

/** What prices an asset: natives by the chain's symbol, ERC-20s by address (a token's own symbol can lie). */
export function priceQueryOf(chainId: number, info: ScanResponseAsset): PriceQuery | null {
  if (info.type === 'NATIVE') return info.symbol ? { chainId, symbol: info.symbol } : null
  return info.type === 'ERC20' && info.address ? { chainId, address: info.address } : null
}

function amountOf(facts: AssetFacts, raw: bigint, tokenId?: bigint): ScanResponseAssetValue {
  const fungible = facts.info.type === 'NATIVE' || facts.info.type === 'ERC20'
  const value = fungible && facts.info.decimals !== undefined ? formatUnits(raw, facts.info.decimals) : raw.toString()
  return {
    value,
    raw_value: raw.toString(),
    ...(facts.usdPerUnit !== null && fungible && { usd_price: (Number(value) * facts.usdPerUnit).toFixed(2) }),
    ...(tokenId !== undefined && { token_id: tokenId.toString() }),
  }
}

/** The wallet's asset diffs: per asset, what enters and what leaves it, in log order. */
export function assetDiffsOf(wallet: Address, transfers: Transfer[], assets: Map<string, AssetFacts>): ScanResponseAssetDiff[] {
  const diffs = new Map<string, ScanResponseAssetDiff>()
  for (const transfer of transfers) {
    if (transfer.from !== wallet && transfer.to !== wallet) continue
    const key = assetKey(transfer.asset)
    const facts = assets.get(key)!
    const diff = diffs.get(key) ?? { asset: facts.info, in: [], out: [] }
    diffs.set(key, diff)
    const amount = amountOf(facts, transfer.amount, transfer.tokenId)
    if (transfer.from === wallet) diff.out.push(amount)
    if (transfer.to === wallet) diff.in.push(amount)
  }
  return [...diffs.values()]
}

/** The allowances the wallet grants, per asset and spender (revocations are left out). */
export function exposuresOf(wallet: Address, approvals: Approval[], assets: Map<string, AssetFacts>): ScanResponseExposure[] {
  const exposures = new Map<string, ScanResponseExposure>()
  for (const approval of approvals) {
    if (approval.owner !== wallet || !isGrant(approval)) continue
    const key = assetKey(approval.asset)
    const facts = assets.get(key)!
    const exposure = exposures.get(key) ?? { asset: facts.info, spenders: {} }
    exposures.set(key, exposure)
    let value: ScanResponseExposureValue
    if (approval.forAll) value = { approved_for_all: true }
    else if (approval.tokenId !== undefined) value = { token_id: approval.tokenId.toString() }
    else if (approval.amount! >= UNLIMITED_ALLOWANCE) value = { is_unlimited: true }
    else {
      const { value: amount, raw_value, usd_price } = amountOf(facts, approval.amount!)
      value = { value: amount, raw_value, ...(usd_price && { usd_price }) }
    }
    exposure.spenders[approval.spender] = value
  }
  return [...exposures.values()]
}
