import { SERVER_WALLET_RECOVERY_METHOD, type ServerWallet } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { additionalSignersOf } from './session-signers.js'
import type { ServerWalletRecord } from './store.js'

/** The wallet as the wallet API answers it; an imported wallet shows index 0 like on-device imports (import-wallet.ts). */
export const toServerWalletDto = (app: AppRecord, wallet: ServerWalletRecord): ServerWallet => ({
  id: wallet.id,
  address: wallet.address,
  chain_type: wallet.chainType,
  wallet_index: Math.max(wallet.walletIndex, 0),
  recovery_method: SERVER_WALLET_RECOVERY_METHOD,
  imported: wallet.imported,
  created_at: wallet.createdAt,
  imported_at: wallet.imported ? wallet.createdAt : null,
  exported_at: wallet.exportedAt,
  policy_ids: [],
  additional_signers: additionalSignersOf(app, wallet),
  owner_id: null,
})
