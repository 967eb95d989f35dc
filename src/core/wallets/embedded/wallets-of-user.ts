/** The user's embedded wallets from their linked accounts: Ethereum first, then Solana, each by wallet index. */
import { entropyIdVerifierOf, type RecoveryMethod } from '../../../protocol/index.js'
import type { User, WalletAccount } from '../../user/types.js'
import type { EmbeddedWallet } from './types.js'

export const isEmbeddedWalletAccount = (account: User['linkedAccounts'][number]): boolean =>
  account.type === 'wallet' && account.walletClientType === 'privy'

export function embeddedWalletsOf(user: User | null): EmbeddedWallet[] {
  const accounts = (user?.linkedAccounts ?? []).filter(
    (account): account is WalletAccount & { chainType: 'ethereum' | 'solana' } =>
      isEmbeddedWalletAccount(account) && account.type === 'wallet' && (account.chainType === 'ethereum' || account.chainType === 'solana'),
  )
  return accounts
    .map((account): EmbeddedWallet => {
      // HD wallets share their chain's primary (index 0) share set; an imported key is its own.
      const primary = account.imported ? account : accounts.find((other) => other.chainType === account.chainType && !other.imported && (other.walletIndex ?? 0) === 0)
      return {
        address: account.address,
        chainType: account.chainType,
        walletIndex: account.walletIndex ?? 0,
        recoveryMethod: (account.recoveryMethod ?? 'privy') as RecoveryMethod,
        imported: account.imported,
        delegated: account.delegated,
        entropyId: (primary ?? account).address,
        entropyIdVerifier: entropyIdVerifierOf(account.chainType),
        walletClientType: 'privy',
        connectorType: 'embedded',
      }
    })
    .sort((a, b) => (a.chainType === b.chainType ? a.walletIndex - b.walletIndex : a.chainType === 'ethereum' ? -1 : 1))
}
