import type { AdditionalSigner } from '../../../src/protocol/index.js'
import type { AppRecord, SessionSignerSettings } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { ApiError } from '../http/api-error.js'
import { featureNotEnabled } from '../wallets/delegate-wallet.js'
import { markDelegated } from '../wallets/delegation-store.js'
import { setAdditionalSigners, type ServerWalletRecord } from './store.js'

const appSessionSigners = (app: AppRecord): SessionSignerSettings[] => app.embeddedWallets.sessionSigners ?? []

/** The app's session signers that may sign for `wallet`: all of them once delegated, else those its owner named. */
export function walletSessionSigners(app: AppRecord, wallet: ServerWalletRecord): SessionSignerSettings[] {
  const named = new Set(wallet.additionalSigners.map((signer) => signer.signer_id))
  return appSessionSigners(app).filter((signer) => wallet.delegated || named.has(signer.id))
}

/** The wallet's signers as the wallet API answers them (a delegated wallet lists every session signer of the app). */
export const additionalSignersOf = (app: AppRecord, wallet: ServerWalletRecord): AdditionalSigner[] =>
  walletSessionSigners(app, wallet).map((signer) => ({ signer_id: signer.id }))

const invalidSigners = (message: string) => new ApiError(400, 'invalid_data', message)

/**
 * `PATCH /wallets/:id` (already authorized by the owner's user signer): the named session signers become the wallet's
 * whole set. Each must be one of the app's, once, without policies (Tessera has none); adding any needs the app's
 * delegated actions, as `/wallets/delegate` does. The owner's linked account shows the wallet delegated while any remain.
 */
export async function updateSessionSigners(
  ctx: ServerContext,
  app: AppRecord,
  wallet: ServerWalletRecord,
  signers: AdditionalSigner[],
): Promise<ServerWalletRecord> {
  const known = new Set(appSessionSigners(app).map((signer) => signer.id))
  const ids = signers.map((signer) => signer.signer_id)
  const unknown = ids.find((id) => !known.has(id))
  if (unknown !== undefined) throw invalidSigners(`Unknown session signer: ${unknown}`)
  if (new Set(ids).size !== ids.length) throw invalidSigners('A session signer is listed twice')
  if (signers.some((signer) => (signer.override_policy_ids?.length ?? 0) > 0)) throw invalidSigners('Policies are not supported')
  if (signers.length > 0 && !app.embeddedWallets.delegatedActionsEnabled) throw featureNotEnabled()
  return ctx.db.transaction(async (tx) => {
    const updated = await setAdditionalSigners(
      tx,
      wallet,
      signers.map((signer) => ({ signer_id: signer.signer_id })),
    )
    await markDelegated(tx, app.id, [wallet.address], signers.length > 0)
    return updated
  })
}
