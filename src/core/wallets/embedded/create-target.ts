/** Wallet spec, "States and transitions": "Rules for creating": which wallet a `create` call makes, or the existing one it answers with. */
import { invalidCreateArgsError, walletAlreadyExistsError } from '../../errors/embedded-wallet-errors.js'
import type { CreateEmbeddedWalletOptions, EmbeddedWallet } from './types.js'

export type CreateTarget =
  | { kind: 'existing'; wallet: EmbeddedWallet }
  | { kind: 'primary' }
  /** Another HD wallet on the chain's primary share set. */
  | { kind: 'additional'; primary: EmbeddedWallet; walletIndex: number }

export function createTarget(wallets: EmbeddedWallet[], options: CreateEmbeddedWalletOptions): CreateTarget {
  const chainType = options.chainType ?? 'ethereum'
  if (chainType !== 'ethereum' && chainType !== 'solana') throw invalidCreateArgsError(`Unknown chain type ${String(chainType)}`)
  const { walletIndex } = options
  if (walletIndex !== undefined && (!Number.isInteger(walletIndex) || walletIndex < 0))
    throw invalidCreateArgsError('The wallet index must be a whole number of at least 0.')
  const hdWallets = wallets.filter((wallet) => wallet.chainType === chainType && !wallet.imported)
  const primary = hdWallets.find((wallet) => wallet.walletIndex === 0)

  if (walletIndex !== undefined) {
    const existing = hdWallets.find((wallet) => wallet.walletIndex === walletIndex)
    if (existing) return { kind: 'existing', wallet: existing }
    if (walletIndex === 0) return { kind: 'primary' }
    if (!primary) throw invalidCreateArgsError('A wallet index above 0 needs an existing embedded wallet.')
    return { kind: 'additional', primary, walletIndex }
  }
  if (!primary) return { kind: 'primary' }
  if (!options.createAdditional) throw walletAlreadyExistsError()
  return { kind: 'additional', primary, walletIndex: Math.max(...hdWallets.map((wallet) => wallet.walletIndex)) + 1 }
}
