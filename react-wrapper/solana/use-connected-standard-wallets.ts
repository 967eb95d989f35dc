import { useMemo } from 'react'
import { connectedStandardSolanaWallet, type ConnectedStandardSolanaWallet } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useSolanaWallets } from '../hooks/use-solana-wallets.js'

export interface UseConnectedStandardWalletsResult {
  /** False while the session is restored or the embedded wallets are being created, connected or recovered. */
  ready: boolean
  /** The user's Solana wallets (embedded first, then connected) with wallet-standard's byte-level signing. */
  wallets: ConnectedStandardSolanaWallet[]
}

/** The reference SDK's `useConnectedStandardWallets` (`@privy-io/react-auth/solana`). */
export function useConnectedStandardWallets(): UseConnectedStandardWalletsResult {
  const client = useTesseraClient()
  const { ready, wallets } = useSolanaWallets()
  const standard = useMemo(
    () =>
      wallets.map((wallet) =>
        wallet.connectorType === 'embedded'
          ? connectedStandardSolanaWallet(wallet.address, { name: 'Tessera', icon: null }, () => client.embeddedWallets.getSolanaProvider(wallet.address))
          : connectedStandardSolanaWallet(wallet.address, { name: wallet.meta.name, icon: wallet.meta.icon }, async () => wallet),
      ),
    [client, wallets],
  )
  return { ready, wallets: standard }
}
