import { useCallback, useMemo } from 'react'
import type { ConnectedSolanaWallet, CreateEmbeddedWalletOptions, EmbeddedWallet } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useAuthState, useConnectedWallets, useEmbeddedWalletsState } from '../../elements/client-slices.js'
import { listedEmbeddedWallet, walletsReady, type ListedEmbeddedWallet } from './use-wallets.js'

export interface UseSolanaWalletsResult {
  /** False while the session is restored or the embedded wallets are being created, connected or recovered. */
  ready: boolean
  /**
   * The user's embedded Solana wallets (by index) ahead of the connected external Solana wallets, which sign through
   * wallet-standard: `signMessage`, `signTransaction`, `signAndSendTransaction`.
   */
  wallets: (ListedEmbeddedWallet | ConnectedSolanaWallet)[]
  /** Creates an embedded Solana wallet (`createAdditional` for another HD wallet); resolves once the server holds its shares. */
  createWallet(options?: Omit<CreateEmbeddedWalletOptions, 'chainType'>): Promise<EmbeddedWallet>
}

/** The user's Solana wallets (the reference SDK's `useSolanaWallets`). */
export function useSolanaWallets(): UseSolanaWalletsResult {
  const client = useTesseraClient()
  const auth = useAuthState(client)
  const embedded = useEmbeddedWalletsState(client)
  const external = useConnectedWallets(client)
  const wallets = useMemo(
    () => [
      ...embedded.wallets.filter((wallet) => wallet.chainType === 'solana').map(listedEmbeddedWallet),
      ...external.filter((wallet): wallet is ConnectedSolanaWallet => wallet.chain === 'solana'),
    ],
    [embedded.wallets, external],
  )
  const createWallet = useCallback<UseSolanaWalletsResult['createWallet']>(
    (options = {}) => client.embeddedWallets.create({ ...options, chainType: 'solana' }),
    [client],
  )
  return { ready: walletsReady(auth, embedded), wallets, createWallet }
}
