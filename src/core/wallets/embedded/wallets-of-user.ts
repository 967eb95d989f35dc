/** The user's embedded wallets from their linked accounts: Ethereum first, then Solana, each by wallet index. */
import { entropyIdVerifierOf, SERVER_WALLET_RECOVERY_METHOD, type RecoveryMethod } from '../../../protocol/index.js'
import type { User, WalletAccount } from '../../user/types.js'
import type { EmbeddedWallet } from './types.js'

/** A wallet the server's signer holds (wallet spec, "What the product does and for whom": 'wallet API' wallets): it has an id and recovery method privy-v2. */
export const isServerManaged = (wallet: EmbeddedWallet): wallet is EmbeddedWallet & { id: string } =>
  wallet.recoveryMethod === 'privy-v2' && typeof wallet.id === 'string'

export const isEmbeddedWalletAccount = (account: User['linkedAccounts'][number]): boolean => account.type === 'wallet' && account.walletClientType === 'privy'

export function embeddedWalletsOf(user: User | null): EmbeddedWallet[] {
  const accounts = (user?.linkedAccounts ?? []).filter(
    (account): account is WalletAccount & { chainType: 'ethereum' | 'solana' } =>
      isEmbeddedWalletAccount(account) && account.type === 'wallet' && (account.chainType === 'ethereum' || account.chainType === 'solana'),
  )
  return accounts
    .map((account): EmbeddedWallet => {
      // HD wallets share their chain's primary (index 0) share set; an imported key, or a key the server holds, is its own.
      const primary =
        account.imported || account.recoveryMethod === SERVER_WALLET_RECOVERY_METHOD
          ? account
          : accounts.find((other) => other.chainType === account.chainType && !other.imported && (other.walletIndex ?? 0) === 0)
      return {
        address: account.address,
        // Server-managed (privy-v2) wallets have an id: the wallet API signs for them by it.
        ...(account.id && { id: account.id }),
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
