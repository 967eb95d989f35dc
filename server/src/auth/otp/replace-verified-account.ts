import type { LinkedAccountType, UserDto } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'
import { findUserIdByAccount, removeLinkedAccount, replaceLinkedAccountAddress } from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { isUniqueViolation } from '../shared/retry-on-unique-violation.js'

const notLinked = () => new ApiError(404, 'linked_account_not_found', 'The current account is not linked to the user')
const takenByAnother = () => new ApiError(400, 'linked_to_another_user', 'This account has already been linked to another user.')

/**
 * `update`: swaps one of the caller's accounts for a new identifier of the same type in place (the user
 * keeps one account of the type throughout). The cheap checks run before `verify` spends the code sent
 * to the new identifier; the swap re-checks ownership in its transaction, and the unique key settles a race.
 */
export async function replaceVerifiedAccount(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  replacement: { type: LinkedAccountType; from: string; to: string },
  verify: () => Promise<void>,
): Promise<UserDto> {
  const { type, from, to } = replacement
  if ((await findUserIdByAccount(ctx.db, app.id, type, from)) !== userId) throw notLinked()
  const owner = await findUserIdByAccount(ctx.db, app.id, type, to)
  if (owner !== null && owner !== userId) throw takenByAnother()
  await verify()
  try {
    await ctx.db.transaction(async (tx) => {
      if ((await findUserIdByAccount(tx, app.id, type, from)) !== userId) throw notLinked()
      if (from === to) return
      // The new identifier may already be the caller's (linked earlier): then the old one simply goes.
      if ((await findUserIdByAccount(tx, app.id, type, to)) === userId) return removeLinkedAccount(tx, app.id, type, from)
      await replaceLinkedAccountAddress(tx, app.id, type, from, to, ctx.clock.now())
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw takenByAnother()
    throw error
  }
  const user = await loadUserDto(ctx, app.id, userId)
  if (!user) throw new ApiError(401, 'missing_or_invalid_token', 'The user no longer exists')
  return user
}
