import { SERVER_WALLET_RECOVERY_METHOD, type ServerWallet } from '../../../src/protocol/index.js'
import type { ServerWalletRecord } from './store.js'

/** The wallet as the wallet API answers it; an imported wallet shows index 0 like on-device imports (import-wallet.ts). */
export const toServerWalletDto = (wallet: ServerWalletRecord): ServerWallet => ({
  id: wallet.id,
  address: wallet.address,
  chain_type: wallet.chainType,
  wallet_index: Math.max(wallet.walletIndex, 0),
  recovery_method: SERVER_WALLET_RECOVERY_METHOD,
  imported: wallet.imported,
  created_at: wallet.createdAt,
})
