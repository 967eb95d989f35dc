import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { Queryable } from '../db/types.js'
import { addLinkedAccount, type AccountDetails } from '../users/store.js'
import type { RecoveryMethod } from './store.js'

/** CAIP-2 ids the wallet's account reports: Ethereum mainnet, Solana mainnet-beta. */
export const embeddedWalletChainIds: Record<EmbeddedChainType, string> = {
  ethereum: 'eip155:1',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}

/** `id` and `privy-v2`: a server-managed wallet (wallet spec: a 'wallet API' wallet); `delegated` is false until delegation. */
export interface EmbeddedAccount {
  chainType: EmbeddedChainType
  walletIndex: number
  recoveryMethod: RecoveryMethod | 'privy-v2'
  imported: boolean
  id?: string
}

/** The `wallet` linked account's details for an embedded wallet (`WalletAccountDto`). */
export function embeddedWalletDetails(account: EmbeddedAccount): AccountDetails {
  return {
    chain_type: account.chainType,
    chain_id: embeddedWalletChainIds[account.chainType],
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    recovery_method: account.recoveryMethod,
    wallet_index: account.walletIndex,
    imported: account.imported,
    delegated: false,
    ...(account.id !== undefined && { id: account.id }),
  }
}

export async function addEmbeddedWalletAccount(
  db: Queryable,
  appId: string,
  userId: string,
  address: string,
  account: EmbeddedAccount,
  now: number,
): Promise<void> {
  await addLinkedAccount(db, appId, userId, 'wallet', address, now, embeddedWalletDetails(account))
}

/** After a reshare that changed the recovery method, every wallet of the set shows the new one. */
export async function setEmbeddedRecoveryMethod(db: Queryable, appId: string, addresses: string[], recoveryMethod: RecoveryMethod): Promise<void> {
  await db.query(`UPDATE linked_accounts SET details = details || $3::jsonb WHERE app_id = $1 AND type = 'wallet' AND address = ANY($2::text[])`, [
    appId,
    addresses,
    JSON.stringify({ recovery_method: recoveryMethod }),
  ])
}
