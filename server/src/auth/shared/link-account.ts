import { MAX_PASSKEYS_PER_USER, transferableAccountTypes, type UserDto } from '../../../../src/protocol/index.js'
import type { AppRecord, LoginMethod } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { addLinkedAccount, clearGuestFlag, countLinkedAccountsOfType, findUserIdByAccount, touchLinkedAccount } from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { assertLoginMethodEnabled } from './access-control.js'
import { lockUser } from './lock-user.js'
import { offerAccountTransfer } from './account-transfer.js'
import { retryOnUniqueViolation } from './retry-on-unique-violation.js'
import type { VerifiedAccount } from './verified-account.js'

/**
 * Adds a verified account to a signed-in user: one account per type (passkeys: 5), never one another
 * user holds (that offers a transfer when the app allows it). Linking makes a guest a full user.
 */
export async function linkVerifiedAccount(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  method: LoginMethod | null,
  account: VerifiedAccount,
): Promise<UserDto> {
  // Null: an account no login method stands for (a smart wallet; its route checks the app's smart-wallet setting).
  if (method) assertLoginMethodEnabled(app, method)
  const now = ctx.clock.now()
  const transferFrom = await retryOnUniqueViolation(() =>
    ctx.db.transaction(async (tx): Promise<string | null> => {
      await lockUser(tx, userId)
      const owner = await findUserIdByAccount(tx, app.id, account.type, account.key)
      if (owner === userId) {
        await touchLinkedAccount(tx, app.id, account.type, account.key, now, account.details)
        return null
      }
      if (owner !== null) {
        if (app.accountTransferEnabled && (transferableAccountTypes as readonly string[]).includes(account.type)) return owner
        throw new ApiError(400, 'linked_to_another_user', 'This account has already been linked to another user.')
      }
      // External wallets: as many as the app allows (null: no limit).
      const limit = account.type === 'passkey' ? MAX_PASSKEYS_PER_USER : account.type === 'wallet' ? (app.maxLinkedWalletsPerUser ?? Infinity) : 1
      if ((await countLinkedAccountsOfType(tx, userId, account.type)) >= limit) {
        throw new ApiError(400, 'cannot_link_more_of_type', `User already has an account of type ${account.type} linked.`)
      }
      await addLinkedAccount(tx, app.id, userId, account.type, account.key, now, account.details)
      await clearGuestFlag(tx, userId)
      return null
    }),
  )
  // Recorded outside the transaction: thrown from inside it, the offer would roll back with it.
  if (transferFrom !== null) throw await offerAccountTransfer(ctx.db, ctx, app.id, { fromUserId: transferFrom, toUserId: userId, account })
  const user = await loadUserDto(ctx, app.id, userId)
  if (!user) throw new ApiError(401, 'missing_or_invalid_token', 'The user no longer exists')
  return user
}
