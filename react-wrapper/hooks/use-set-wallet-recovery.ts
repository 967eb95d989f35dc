import type { User } from '../../src/core/index.js'
import { useWalletRecoveryFlow } from './use-wallet-recovery-flow.js'

export interface UseSetWalletRecoveryResult {
  /**
   * Opens the recovery method selection ('Secure your account', or 'Update backup method') and resolves with the
   * refreshed user once a method is set (a password, or a Google Drive backup when the app offers it); rejects when
   * the user closes the modal first.
   */
  setWalletRecovery(options?: { address?: string }): Promise<{ user: User }>
}

/** Recovery method selection for the user's embedded wallets (wallet spec, "Screens and routes": "Recovery method selection"). */
export function useSetWalletRecovery(): UseSetWalletRecoveryResult {
  return { setWalletRecovery: useWalletRecoveryFlow('recovery:select') }
}
