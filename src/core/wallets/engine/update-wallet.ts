import { connectedWallet, walletData } from '../connected-wallet.js'
import type { ConnectedWalletData } from '../types.js'
import type { WalletSession } from '../wallet-session.js'
import type { WalletEngineDeps } from './deps.js'

/** A session's account with some fields changed; its abilities follow the new address. */
export function updateWallet(
  { walletContext }: WalletEngineDeps,
  session: WalletSession,
  change: Partial<Pick<ConnectedWalletData, 'address' | 'chainId' | 'linked'>>,
) {
  session.wallet = connectedWallet({ ...walletData(session.wallet), ...change } as ConnectedWalletData, walletContext) as typeof session.wallet
}
