import { useCallback } from 'react'
import { useTesseraContext } from '../context.js'
import { useSolanaWallets } from '../hooks/use-solana-wallets.js'

export interface UseSolanaExportWalletResult {
  /** Opens the 'Export wallet' screen for the embedded Solana wallet `address` (default the first); the key stays in the export frame. */
  exportWallet(options?: { address?: string }): void
}

/** Solana key export (the reference SDK's `useExportWallet` of its `solana` entry). */
export function useExportWallet(): UseSolanaExportWalletResult {
  const { openModal } = useTesseraContext()
  const primary = useSolanaWallets().wallets.find((wallet) => wallet.connectorType === 'embedded')?.address
  const exportWallet = useCallback(
    (options: { address?: string } = {}) => {
      const address = typeof options.address === 'string' ? options.address : primary
      openModal({ intent: 'wallet', screen: 'key:export', ...(address && { address }) })
    },
    [openModal, primary],
  )
  return { exportWallet }
}
