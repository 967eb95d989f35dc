import { useMemo } from 'react'
import { useSlice } from '../../elements/client-slices.js'
import type { StandardWallet } from '../../src/core/wallets/discovery/wallet-standard.js'
import { useTesseraClient } from '../context.js'
import { useSolanaWallets } from '../hooks/use-solana-wallets.js'
import { standardWalletsStore } from './standard-wallets-store.js'

export interface UseSolanaStandardWalletsResult {
  /** The user's wallets are settled and the embedded wallet's code has loaded. */
  ready: boolean
  /** The embedded Solana wallet (as `usePrivyStandardWallet`), then the page's other Solana wallet-standard wallets. */
  wallets: StandardWallet[]
}

/** The Solana wallet-standard wallets (the reference SDK's `useSolanaStandardWallets`). */
export function useSolanaStandardWallets(): UseSolanaStandardWalletsResult {
  const store = standardWalletsStore(useTesseraClient())
  const snapshot = useSlice(store.watch, store.get)
  const { ready } = useSolanaWallets()
  const wallets = useMemo(() => (snapshot.embedded ? [snapshot.embedded, ...snapshot.page] : [...snapshot.page]), [snapshot])
  return { ready: ready && !!snapshot.embedded, wallets }
}
