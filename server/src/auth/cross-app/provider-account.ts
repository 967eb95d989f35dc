import type { AppRecord } from '../../apps/types.js'
import type { Queryable } from '../../db/types.js'
import type { AccountDetails } from '../../users/store.js'

interface WalletRow {
  type: 'wallet' | 'smart_wallet'
  address: string
  details: Record<string, unknown>
}

/**
 * The `cross_app` account fields (wallet spec, "Entities and their fields") for a provider user, as of the consent: the provider
 * app, and the addresses of the user's embedded and smart wallets there (never external wallets).
 */
export async function providerAccountDetails(db: Queryable, provider: AppRecord, userId: string): Promise<AccountDetails> {
  const wallets = await db.query<WalletRow>(
    "SELECT type, address, details FROM linked_accounts WHERE user_id = $1 AND app_id = $2 AND type IN ('wallet', 'smart_wallet') ORDER BY id",
    [userId, provider.id],
  )
  const embedded = wallets.filter((row) => row.type === 'wallet' && (row.details.wallet_client_type === 'privy' || row.details.connector_type === 'embedded'))
  return {
    provider_app: { id: provider.id, name: provider.name, logo_url: provider.logoUrl },
    embedded_wallets: embedded.map((row) => ({ address: row.address })),
    smart_wallets: wallets.filter((row) => row.type === 'smart_wallet').map((row) => ({ address: row.address })),
  }
}
