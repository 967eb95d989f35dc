import type { EmbeddedChainType } from '../../../../protocol/index.js'
import { embeddedWalletNotFoundError } from '../../../errors/embedded-wallet-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWallet } from '../types.js'
import { isServerManaged } from '../wallets-of-user.js'

export const shareSet = (wallet: EmbeddedWallet) => ({ entropyId: wallet.entropyId, entropyIdVerifier: wallet.entropyIdVerifier })

/** A signing request names its wallet: server-managed wallets by id too (the frame has the server sign for them). */
export const signingTarget = (wallet: EmbeddedWallet) => ({
  ...shareSet(wallet),
  hdWalletIndex: wallet.walletIndex,
  ...(isServerManaged(wallet) && { walletId: wallet.id }),
})

/** The wallet that carries its share set's recovery method. */
export const primaryOf = ({ deps }: EmbeddedWalletsContext, wallet: EmbeddedWallet) =>
  deps.state.get().wallets.find((other) => other.entropyId === wallet.entropyId && other.address === wallet.entropyId) ?? wallet

/** One wallet per share set stands for it: connecting any of them connects all. */
export const shareSetWallets = ({ deps }: EmbeddedWalletsContext) => [...new Map(deps.state.get().wallets.map((wallet) => [wallet.entropyId, wallet])).values()]

export function findWallet({ deps }: EmbeddedWalletsContext, chainType: EmbeddedChainType, address?: string): EmbeddedWallet {
  const wallet = deps.state
    .get()
    .wallets.find((candidate) => candidate.chainType === chainType && (address === undefined || candidate.address.toLowerCase() === address.toLowerCase()))
  if (!wallet) throw embeddedWalletNotFoundError()
  return wallet
}
