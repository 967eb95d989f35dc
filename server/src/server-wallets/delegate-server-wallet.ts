import { z } from 'zod'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import { assertFreshMfa, type MfaCaller } from '../mfa/require-fresh-mfa.js'
import { featureNotEnabled } from '../wallets/delegate-wallet.js'
import { markDelegated } from '../wallets/delegation-store.js'
import { addressText, chainType, normalizeAddress } from '../wallets/schemas.js'
import { findServerWalletByAddress, setServerWalletsDelegated } from './store.js'

/** `/wallets/delegate` for a server-managed wallet: no device share exists, so only the address and chain are read. */
export const serverDelegateBody = z.object({ address: addressText, chain_type: chainType })

/**
 * Delegates the caller's server-managed wallet at `address` (the app's session signers may then sign for it), or
 * answers null when that address is not one: the on-device path handles it. The owner's session and MFA when
 * enrolled, and the app's `delegated_actions_enabled`, as for on-device wallets.
 */
export async function delegateServerWallet(
  ctx: ServerContext,
  app: AppRecord,
  caller: MfaCaller,
  body: z.infer<typeof serverDelegateBody>,
): Promise<string | null> {
  const address = normalizeAddress(body.chain_type, body.address)
  const wallet = address ? await findServerWalletByAddress(ctx.db, app.id, address) : null
  if (!wallet || wallet.userId !== caller.userId || wallet.chainType !== body.chain_type) return null
  if (!app.embeddedWallets.delegatedActionsEnabled) throw featureNotEnabled()
  await assertFreshMfa(ctx, ctx.db, app.id, caller)
  await ctx.db.transaction(async (tx) => {
    await setServerWalletsDelegated(tx, app.id, { userId: caller.userId, address: wallet.address }, true)
    await markDelegated(tx, app.id, [wallet.address], true)
  })
  return wallet.id
}

/** `/wallets/revoke` ends the delegation of the user's server-managed wallets too. */
export async function revokeServerWalletDelegations(tx: Queryable, appId: string, userId: string): Promise<void> {
  const revoked = await setServerWalletsDelegated(tx, appId, { userId }, false)
  await markDelegated(
    tx,
    appId,
    revoked.map((wallet) => wallet.address),
    false,
  )
}
