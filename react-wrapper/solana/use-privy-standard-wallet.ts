import { useSlice } from '../../elements/client-slices.js'
import type { StandardWallet } from '../../src/core/wallets/discovery/wallet-standard.js'
import { useTesseraClient } from '../context.js'
import { useSolanaWallets } from '../hooks/use-solana-wallets.js'
import { standardWalletsStore } from './standard-wallets-store.js'

/** Ready: the embedded wallet's code has loaded and the user's wallets are settled; before, `wallet` may still be null. */
export type UsePrivyStandardWalletResult = { ready: true; wallet: StandardWallet } | { ready: false; wallet: StandardWallet | null }

/**
 * The embedded Solana wallet as a wallet-standard wallet (the reference SDK's `usePrivyStandardWallet`): the same
 * object the page's dapps find when the app announces its wallets, with the user's primary Solana wallet as its
 * account (none signed out) and `standard:*`, `solana:signMessage`, `solana:signTransaction`,
 * `solana:signAndSendTransaction` and `solana:signIn`, each through Tessera's confirmation.
 */
export function usePrivyStandardWallet(): UsePrivyStandardWalletResult {
  const store = standardWalletsStore(useTesseraClient())
  const { embedded } = useSlice(store.watch, store.get)
  const { ready } = useSolanaWallets()
  return ready && embedded ? { ready, wallet: embedded } : { ready: false, wallet: embedded }
}
