import { createHmac, randomBytes } from 'node:crypto'
import {
  ACCOUNT_TRANSFER_TTL_SECONDS,
  transferableAccountTypes,
  type AccountTransferErrorData,
  type LinkedAccountType,
  type UserDto,
} from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import type { Queryable } from '../../db/types.js'
import { ApiError } from '../../http/api-error.js'
import { revokeOtherSessions } from '../../sessions/store.js'
import { countLinkedAccountsOfType, deleteUser, findUserIdByAccount, moveLinkedAccount } from '../../users/store.js'
import { loadUserDto } from '../../users/user-dto.js'
import { lockUser } from './lock-user.js'
import type { VerifiedAccount } from './verified-account.js'

const hashNonce = (ctx: ServerContext, nonce: string) => createHmac('sha256', ctx.secret).update(`transfer:${nonce}`).digest('hex')

/**
 * Records a single-use, short-lived transfer offer for an account another user holds and returns the
 * `account_transfer_required` error that carries its nonce (the caller has just proven they hold the account).
 */
export async function offerAccountTransfer(
  db: Queryable,
  ctx: ServerContext,
  appId: string,
  offer: { fromUserId: string; toUserId: string; account: VerifiedAccount },
): Promise<ApiError> {
  const nonce = randomBytes(32).toString('base64url')
  const now = ctx.clock.now()
  await db.query(
    `INSERT INTO account_transfers (nonce_hash, app_id, to_user_id, from_user_id, type, address, details, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashNonce(ctx, nonce),
      appId,
      offer.toUserId,
      offer.fromUserId,
      offer.account.type,
      offer.account.key,
      JSON.stringify(offer.account.details ?? {}),
      now,
      now + ACCOUNT_TRANSFER_TTL_SECONDS * 1000,
    ],
  )
  // The transfer deletes the other user and their wallets with them: the screen shows this address so its assets can be moved first.
  const [wallet] = await db.query<{ address: string }>(
    "SELECT address FROM embedded_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = 'ethereum' ORDER BY wallet_index LIMIT 1",
    [appId, offer.fromUserId],
  )
  const data: AccountTransferErrorData = {
    nonce,
    ...(offer.account.type.endsWith('_oauth') || offer.account.type === 'farcaster' ? { subject: offer.account.key } : {}),
    account: { displayName: offer.account.displayName },
    otherUser: { embeddedWalletAddress: wallet?.address ?? null },
  }
  return new ApiError(
    400,
    'account_transfer_required',
    'This account is linked to another user and can be transferred',
    {},
    data as unknown as Record<string, unknown>,
  )
}

/**
 * Redeems a transfer nonce for the signed-in caller: the account moves to them and the other user,
 * with whatever else it held, is deleted ("This will delete your other account"). `types` are the
 * account types the calling endpoint handles; a nonce for another type is refused. The caller's other sessions end
 * (docs/security.md #35): the account now signs in to this user, and a session a thief holds must not keep it.
 */
export async function redeemAccountTransfer(
  ctx: ServerContext,
  appId: string,
  caller: { userId: string; sessionId: string },
  nonce: string,
  types: readonly LinkedAccountType[],
): Promise<UserDto> {
  if (!types.every((type) => (transferableAccountTypes as readonly string[]).includes(type))) {
    throw new ApiError(400, 'invalid_data', 'Invalid transfer account type')
  }
  const callerId = caller.userId
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    // The UPDATE claims the nonce atomically: a second redemption finds it consumed.
    const [row] = await tx.query<{ from_user_id: string; type: LinkedAccountType; address: string }>(
      `UPDATE account_transfers SET consumed_at = $4
       WHERE nonce_hash = $1 AND app_id = $2 AND to_user_id = $3 AND consumed_at IS NULL AND expires_at > $4
       RETURNING from_user_id, type, address`,
      [hashNonce(ctx, nonce), appId, callerId, now],
    )
    if (!row) throw new ApiError(400, 'invalid_credentials', 'Invalid or expired transfer nonce')
    if (!types.includes(row.type)) throw new ApiError(400, 'invalid_data', 'Invalid transfer account type')
    // The offer is void once the other user no longer holds the account (unlinked, or transferred elsewhere).
    if ((await findUserIdByAccount(tx, appId, row.type, row.address)) !== row.from_user_id) {
      throw new ApiError(400, 'invalid_credentials', 'Invalid or expired transfer nonce')
    }
    await lockUser(tx, callerId)
    if ((await countLinkedAccountsOfType(tx, callerId, row.type)) > 0) {
      throw new ApiError(400, 'cannot_link_more_of_type', `User already has an account of type ${row.type} linked.`)
    }
    await moveLinkedAccount(tx, appId, row.type, row.address, callerId, now)
    await deleteUser(tx, appId, row.from_user_id)
    await revokeOtherSessions(tx, { userId: callerId, appId, keepSessionId: caller.sessionId, now })
  })
  const user = await loadUserDto(ctx, appId, callerId)
  if (!user) throw new ApiError(401, 'missing_or_invalid_token', 'The user no longer exists')
  return user
}
