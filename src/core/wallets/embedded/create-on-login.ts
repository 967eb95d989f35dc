/**
 * Wallet spec, "States and transitions": "Wallet creation": per chain, Ethereum first, when the setting is not off, the user has no embedded
 * wallet of that chain, and has no external wallet of it or the setting is all-users; custom auth counts as all-users.
 */
import type { EmbeddedChainType } from '../../../protocol/index.js'
import type { EffectiveConfig } from '../../config/types.js'
import type { User } from '../../user/types.js'
import { isEmbeddedWalletAccount } from './wallets-of-user.js'

export function chainsToCreateOnLogin(user: User, config: EffectiveConfig, customAuth: boolean): EmbeddedChainType[] {
  return (['ethereum', 'solana'] as const).filter((chain) => {
    const setting = config.embeddedWallets[chain].createOnLogin
    const wallets = user.linkedAccounts.filter((account) => account.type === 'wallet' && account.chainType === chain)
    return setting !== 'off' && !wallets.some(isEmbeddedWalletAccount) && (setting === 'all-users' || customAuth || wallets.length === 0)
  })
}

/** Wallet spec, "Validation rules": the app requires a password (user-passcode recovery) on every new share set. */
export const passwordRequiredToCreate = (config: EffectiveConfig): boolean => config.embeddedWallets.requireUserPasswordOnCreate

/**
 * Wallet spec, "States and transitions": the first screen of the user-owned recovery the app requires before a login's wallets are made
 * (null: none). A single method goes straight to it (the password wizard, or the Google Drive backup); several, to
 * recovery selection.
 */
export function recoveryPromptToCreate(config: EffectiveConfig): 'password:create' | 'recovery:select' | 'cloud:backup' | null {
  const { requireUserPasswordOnCreate, requireUserOwnedRecoveryOnCreate, userOwnedRecoveryOptions = ['user-passcode'] } = config.embeddedWallets
  if (requireUserPasswordOnCreate) return 'password:create'
  if (!requireUserOwnedRecoveryOnCreate) return null
  // Wallet spec, "States and transitions": "Recovery choice": a single method goes straight to its own screen; several, to the chooser.
  const [only] = userOwnedRecoveryOptions
  if (userOwnedRecoveryOptions.length !== 1) return 'recovery:select'
  return only === 'user-passcode' ? 'password:create' : only === 'google-drive' ? 'cloud:backup' : 'recovery:select'
}
