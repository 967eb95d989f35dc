import { useMemo } from 'react'
import type { AuthState, ConnectedEthereumWallet, EmbeddedWallet, EmbeddedWalletsState } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useAuthState, useConnectedWallets, useEmbeddedWalletsState } from '../../elements/client-slices.js'

/**
 * An embedded wallet in the list: the core's `EmbeddedWallet` (walletClientType 'privy', connectorType 'embedded')
 * with the list's `chain` and `linked`; its current EVM chain is `(await getEthereumProvider(address)).getChainId()`.
 */
export type ListedEmbeddedWallet = EmbeddedWallet & { chain: EmbeddedWallet['chainType']; linked: true }

export interface UseWalletsResult {
  /** False while the session is restored or the embedded wallets are being created, connected or recovered. */
  ready: boolean
  /**
   * The user's embedded Ethereum wallets (by index) ahead of the connected external Ethereum wallets (newest first),
   * which sign and send through their own provider: `getEthereumProvider()`, `switchChain(id)`, `sendTransaction`.
   */
  wallets: (ListedEmbeddedWallet | ConnectedEthereumWallet)[]
}

export const listedEmbeddedWallet = (wallet: EmbeddedWallet): ListedEmbeddedWallet => ({ ...wallet, chain: wallet.chainType, linked: true })

/** The session is known and no embedded-wallet operation is under way (shared with `useSolanaWallets`). */
export const walletsReady = (auth: AuthState, embedded: EmbeddedWalletsState): boolean =>
  auth.status !== 'loading' && embedded.status !== 'creating' && embedded.status !== 'connecting' && embedded.status !== 'recovering'

/** The user's Ethereum wallets (the reference SDK's `useWallets`); subscribing starts external-wallet discovery. */
export function useWallets(): UseWalletsResult {
  const client = useTesseraClient()
  const auth = useAuthState(client)
  const embedded = useEmbeddedWalletsState(client)
  const external = useConnectedWallets(client)
  const wallets = useMemo(
    () => [
      ...embedded.wallets.filter((wallet) => wallet.chainType === 'ethereum').map(listedEmbeddedWallet),
      ...external.filter((wallet): wallet is ConnectedEthereumWallet => wallet.chain === 'ethereum'),
    ],
    [embedded.wallets, external],
  )
  return { ready: walletsReady(auth, embedded), wallets }
}
