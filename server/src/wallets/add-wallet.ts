import type { z } from 'zod'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { addressTaken, type CreatedWallet } from './created-wallet.js'
import { addEmbeddedWalletAccount } from './linked-account.js'
import { normalizeAddress, type addBody } from './schemas.js'
import { findShareSet, findWalletAtIndex, highestWalletIndex, insertWallet, isAddressTaken } from './store.js'
import { walletNotFound } from './wallet-access.js'

/**
 * Records the HD wallet the frame derived at `wallet_index` from one of the user's share sets. Indexes go up one
 * at a time; asking again for an existing index with its address answers that wallet (`created: false`).
 */
export async function addEmbeddedWallet(ctx: ServerContext, app: AppRecord, userId: string, body: z.infer<typeof addBody>): Promise<CreatedWallet> {
  const chain = body.chain_type
  const address = normalizeAddress(chain, body.address)
  const entropyId = normalizeAddress(chain, body.entropy_id)
  if (!address) throw invalidData(`Invalid request body: address: not an ${chain === 'ethereum' ? 'Ethereum' : 'Solana'} address`)
  if (!entropyId) throw invalidData('Invalid request body: entropy_id: not an address of this chain')
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const shareSet = await findShareSet(tx, app.id, userId, chain, entropyId)
    if (!shareSet) throw walletNotFound()
    // An imported key is one wallet: nothing derives from it.
    if (shareSet.imported) throw invalidData('Invalid request body: entropy_id: an imported wallet cannot have additional wallets')
    const existing = await findWalletAtIndex(tx, app.id, userId, chain, body.wallet_index)
    if (existing) {
      if (existing.address !== address || existing.shareSetId !== shareSet.id)
        throw invalidData(`Invalid request body: address: another wallet exists at index ${body.wallet_index}`)
      return { address, entropyId, created: false }
    }
    const next = ((await highestWalletIndex(tx, app.id, userId, chain)) ?? 0) + 1
    if (body.wallet_index !== next) throw invalidData(`Invalid request body: wallet_index: the next wallet index is ${next}`)
    if (await isAddressTaken(tx, app.id, address)) throw addressTaken()
    await insertWallet(tx, app.id, userId, { chainType: chain, walletIndex: next, address, shareSetId: shareSet.id }, now)
    await addEmbeddedWalletAccount(
      tx,
      app.id,
      userId,
      address,
      { chainType: chain, walletIndex: next, recoveryMethod: shareSet.recoveryMethod, imported: shareSet.imported },
      now,
    )
    return { address, entropyId, created: true }
  })
}
