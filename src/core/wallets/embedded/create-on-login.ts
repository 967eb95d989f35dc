/**
 * Document 2 §4 "Wallet creation": per chain, Ethereum first, when the setting is not off, the user has no embedded
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
