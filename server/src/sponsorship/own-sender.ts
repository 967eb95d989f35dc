import type { Address } from 'viem'
import type { Queryable } from '../db/types.js'
import { policyViolation } from './policy-errors.js'

export const NOT_OWN_SENDER_MESSAGE = "Sponsorship policy: the user operation's sender is not one of this user's wallets"

/**
 * A sponsored operation's sender must be the caller's own account: a linked smart wallet, or a server-managed
 * Ethereum wallet (an EOA delegated by EIP-7702). Anyone else's account is refused as a policy violation.
 */
export async function requireOwnSender(db: Queryable, input: { appId: string; userId: string; sender: Address }): Promise<void> {
  const rows = await db.query(
    `SELECT 1 FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type = 'smart_wallet' AND lower(address) = lower($3)
     UNION ALL
     SELECT 1 FROM server_wallets WHERE app_id = $1 AND user_id = $2 AND chain_type = 'ethereum' AND lower(address) = lower($3)`,
    [input.appId, input.userId, input.sender],
  )
  if (rows.length === 0) throw policyViolation(NOT_OWN_SENDER_MESSAGE)
}
