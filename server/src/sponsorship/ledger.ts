import type { Queryable } from '../db/types.js'
import { policyMessages, policyViolation } from './policy-errors.js'

/** One user's sponsored spend on one network (CAIP-2: 'eip155:31337', 'solana:devnet') on one UTC day. */
export interface SpendKey {
  appId: string
  userId: string
  network: string
  day: number
}

/** The ledger's network of an EIP-155 chain. */
export const evmNetwork = (chainId: number) => `eip155:${chainId}`

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC day number of a unix-milliseconds time: the cap resets at midnight UTC. */
export const utcDay = (nowMs: number) => Math.floor(nowMs / DAY_MS)

/**
 * Reserves `amount` (a user operation's maximum cost, a Solana fee) against the daily cap, or throws `policy_violation`. One
 * conditional upsert: concurrent reservations of one user serialize on the row, so together they never pass the cap.
 */
export async function reserveSponsoredSpend(db: Queryable, key: SpendKey, amount: bigint, cap: bigint): Promise<void> {
  const rows = await db.query(
    `INSERT INTO sponsorship_spend (app_id, user_id, network, day, amount)
     SELECT $1, $2, $3, $4, $5::numeric WHERE $5::numeric <= $6::numeric
     ON CONFLICT (app_id, user_id, network, day) DO UPDATE SET amount = sponsorship_spend.amount + EXCLUDED.amount
       WHERE sponsorship_spend.amount + EXCLUDED.amount <= $6::numeric
     RETURNING 1`,
    [key.appId, key.userId, key.network, key.day, amount.toString(), cap.toString()],
  )
  if (rows.length === 0) throw policyViolation(policyMessages.dailyCap)
}

/** Gives back what a reservation did not use (the operation cost less than its maximum, or was never sent). */
export async function releaseSponsoredSpend(db: Queryable, key: SpendKey, amount: bigint): Promise<void> {
  await db.query(
    `UPDATE sponsorship_spend SET amount = GREATEST(amount - $5::numeric, 0)
     WHERE app_id = $1 AND user_id = $2 AND network = $3 AND day = $4`,
    [key.appId, key.userId, key.network, key.day, amount.toString()],
  )
}

/** What the user has spent (reserved) today on the network, in its smallest unit (wei, lamports). */
export async function sponsoredSpendOf(db: Queryable, key: SpendKey): Promise<bigint> {
  const [row] = await db.query<{ amount: string }>(
    'SELECT amount::text AS amount FROM sponsorship_spend WHERE app_id = $1 AND user_id = $2 AND network = $3 AND day = $4',
    [key.appId, key.userId, key.network, key.day],
  )
  return BigInt(row?.amount ?? 0)
}
