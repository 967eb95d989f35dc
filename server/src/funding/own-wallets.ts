import type { Queryable } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import { isEvmAddress } from './schemas.js'

/** Ethereum addresses compare case-insensitively (checksums differ in case only); Solana's base58 is exact. */
const addressKey = (address: string) => (isEvmAddress(address) ? address.toLowerCase() : address)

/**
 * Every address must be one of the signed-in user's wallets in the app: embedded, linked external or smart wallet
 * (docs/security.md #65: on-ramps fund only the user's own wallets). Another user's address is refused like an unknown one.
 */
export async function assertOwnWallets(db: Queryable, appId: string, userId: string, addresses: string[]): Promise<void> {
  const rows = await db.query<{ address: string }>(
    "SELECT address FROM linked_accounts WHERE app_id = $1 AND user_id = $2 AND type IN ('wallet', 'smart_wallet')",
    [appId, userId],
  )
  const own = new Set(rows.map((row) => addressKey(row.address)))
  const foreign = addresses.find((address) => !own.has(addressKey(address)))
  if (foreign !== undefined) throw new ApiError(403, 'linked_account_not_found', `${foreign} is not one of your wallets`)
}
