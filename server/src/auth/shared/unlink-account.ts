import type { LinkedAccountType, UserDto } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { countLinkedAccounts, findUserIdByAccount, removeLinkedAccount } from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { isEmbeddedWalletAddress } from '../../wallets/store.js'
import { lockUser } from './lock-user.js'

/** Removes one of the caller's accounts: 404 `linked_account_not_found` unless it is theirs, never their last one. */
export async function unlinkAccount(ctx: ServerContext, app: AppRecord, userId: string, type: LinkedAccountType, key: string): Promise<UserDto> {
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId)
    if ((await findUserIdByAccount(tx, app.id, type, key)) !== userId) {
      throw new ApiError(404, 'linked_account_not_found', 'This account is not linked to the user')
    }
    if (type === 'wallet' && (await isEmbeddedWalletAddress(tx, app.id, key))) {
      throw new ApiError(400, 'cannot_unlink_embedded_wallet', 'Cannot unlink an embedded wallet')
    }
    if ((await countLinkedAccounts(tx, userId)) <= 1) {
      throw new ApiError(400, 'cannot_unlink_sole_account', 'Cannot unlink the only account of a user')
    }
    await removeLinkedAccount(tx, app.id, type, key)
  })
  const user = await loadUserDto(ctx, app.id, userId)
  if (!user) throw new ApiError(401, 'missing_or_invalid_token', 'The user no longer exists')
  return user
}
