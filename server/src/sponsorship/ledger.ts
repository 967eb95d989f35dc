import type { Queryable } from '../db/types.js'
import { policyMessages, policyViolation } from './policy-errors.js'

/** One user's sponsored spend on one chain on one UTC day. */
export interface SpendKey { appId: string; userId: string; chainId: number; day: number }

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC day number of a unix-milliseconds time: the cap resets at midnight UTC. */
export const utcDay = (nowMs: number) => Math.floor(nowMs / DAY_MS)

/**
 * Reserves `amountWei` (a user operation's maximum cost) against the daily cap, or throws `policy_violation`. One
 * conditional upsert: concurrent reservations of one user serialize on the row, so together they never pass the cap.
 */
export async function reserveSponsoredSpend(db: Queryable, key: SpendKey, amountWei: bigint, capWei: bigint): Promise<void> {
  const rows = await db.query(
    `INSERT INTO sponsorship_spend (app_id, user_id, chain_id, day, amount_wei)
     SELECT $1, $2, $3, $4, $5::numeric WHERE $5::numeric <= $6::numeric
     ON CONFLICT (app_id, user_id, chain_id, day) DO UPDATE SET amount_wei = sponsorship_spend.amount_wei + EXCLUDED.amount_wei
       WHERE sponsorship_spend.amount_wei + EXCLUDED.amount_wei <= $6::numeric
     RETURNING 1`,
    [key.appId, key.userId, key.chainId, key.day, amountWei.toString(), capWei.toString()],
  )
  if (rows.length === 0) throw policyViolation(policyMessages.dailyCap)
}

/** Gives back what a reservation did not use (the operation cost less than its maximum, or was never sent). */
export async function releaseSponsoredSpend(db: Queryable, key: SpendKey, amountWei: bigint): Promise<void> {
  await db.query(
    `UPDATE sponsorship_spend SET amount_wei = GREATEST(amount_wei - $5::numeric, 0)
     WHERE app_id = $1 AND user_id = $2 AND chain_id = $3 AND day = $4`,
    [key.appId, key.userId, key.chainId, key.day, amountWei.toString()],
  )
}

/** What the user has spent (reserved) today on the chain, in wei. */
export async function sponsoredSpendOf(db: Queryable, key: SpendKey): Promise<bigint> {
  const [row] = await db.query<{ amount_wei: string }>(
    'SELECT amount_wei::text AS amount_wei FROM sponsorship_spend WHERE app_id = $1 AND user_id = $2 AND chain_id = $3 AND day = $4',
    [key.appId, key.userId, key.chainId, key.day],
  )
  return BigInt(row?.amount_wei ?? 0)
}
