/**
 * 'Receive funds' (funding spec, "Screens and routes" and "States and transitions"): the wallet's balance in the asset, read at once and every 2 s while the step
 * shows; once it rises above the first reading, 'Continue' appears and the manual funding is reported.
 */
import { fromSmallestUnits } from './amount.js'
import { reportFundingCompleted } from './analytics.js'
import { readBalance } from './balances.js'
import { poll, type SessionContext } from './session-context.js'
import type { FundingAsset } from './types.js'
import type { AssetAmount } from '../transactions/types.js'

export const amountOf = (value: bigint, asset: FundingAsset, price: number | null): AssetAmount => ({
  value,
  decimals: asset.decimals,
  symbol: asset.symbol,
  usd: price === null ? null : (Number(value) / 10 ** asset.decimals) * price,
})

export function receiveFunds(ctx: SessionContext): void {
  const asset = ctx.get().asset
  if (!asset) return
  const current = ctx.enter('receive', { fundingMethod: 'manual' })
  let first: bigint | null = null
  ctx.onLeave(
    poll(0, ctx.timing.receivePollMs, async () => {
      const value = await readBalance(ctx.resolved.place, asset, ctx.resolved.address, ctx.deps.fetch)
      if (!current()) return 'stop'
      first ??= value
      const rose = value > first && !ctx.get().balanceRose
      ctx.update({ balance: amountOf(value, asset, ctx.price), ...(rose && { balanceRose: true }) })
      if (!rose) return
      ctx.funded()
      reportFundingCompleted(ctx, 'manual', {
        status: 'success',
        chainType: ctx.resolved.place.chainType,
        address: ctx.resolved.address,
        value: fromSmallestUnits(value - first, asset.decimals),
        token: asset.symbol,
      })
    }),
  )
}
