import { useCallback, useMemo } from 'react'
import { useSlice } from '../../elements/client-slices.js'
import { activeWalletOf, type ConnectedEthereumWallet, type ConnectedSolanaWallet } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useSolanaWallets } from './use-solana-wallets.js'
import { useWallets, type ListedEmbeddedWallet } from './use-wallets.js'

export type ActiveWalletCandidate = ListedEmbeddedWallet | ConnectedEthereumWallet | ConnectedSolanaWallet

export interface UseActiveWalletResult {
  /**
   * The wallet the app chose with `setActiveWallet` (kept across reloads) while the user still has it; otherwise the
   * primary embedded wallet, then the first listed one. Undefined when the user has no wallet.
   */
  wallet: ActiveWalletCandidate | undefined
  /** Makes one of the user's wallets (from `useWallets` or `useSolanaWallets`) the active one. */
  setActiveWallet(wallet: { address: string; chain: 'ethereum' | 'solana' }): void
}

/** The active wallet across embedded and external wallets (the reference SDK's `useActiveWallet`). */
export function useActiveWallet(): UseActiveWalletResult {
  const client = useTesseraClient()
  const store = useMemo(() => activeWalletOf(client.appId), [client])
  const choice = useSlice((onChange) => store.watch(onChange), store.get)
  const ethereum = useWallets().wallets
  const solana = useSolanaWallets().wallets
  const wallet = useMemo(() => {
    const all: ActiveWalletCandidate[] = [...ethereum, ...solana]
    const chosen = choice && all.find((candidate) => candidate.chain === choice.chain && candidate.address === choice.address)
    return chosen || all.find((candidate) => candidate.connectorType === 'embedded') || all[0]
  }, [choice, ethereum, solana])
  const setActiveWallet = useCallback<UseActiveWalletResult['setActiveWallet']>(({ address, chain }) => store.set({ address, chain }), [store])
  return { wallet, setActiveWallet }
}
