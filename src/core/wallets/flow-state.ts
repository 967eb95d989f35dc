/** The wallet flow's resting state, apart from create-wallets.ts so the engine it loads can return to it without importing it back. */
import type { WalletFlowState } from './types.js'

export const initialWalletFlowState: WalletFlowState = {
  status: 'initial',
  connection: 'disconnected',
  intent: 'login',
  wallet: null,
  address: null,
  error: null,
  retries: 0,
  walletConnectUri: null,
  pendingRequest: false,
}
