import type { User } from '../../src/core/index.js'
import { useWalletRecoveryFlow } from './use-wallet-recovery-flow.js'

export interface UseSetWalletPasswordResult {
  /**
   * Opens the password wizard ('Set your password', or 'Reset your password' when the wallets have one) and resolves
   * with the refreshed user once the password is set on every wallet (or `address`'s); rejects with 'Exited before
   * password was added to wallet' when the user closes the modal first.
   */
  setWalletPassword(options?: { address?: string }): Promise<{ user: User }>
}

/** Password (user-passcode) recovery for the user's embedded wallets (wallet spec, "Screens and routes" and "States and transitions": "Password wizard"). */
export function useSetWalletPassword(): UseSetWalletPasswordResult {
  return { setWalletPassword: useWalletRecoveryFlow('password:create') }
}
