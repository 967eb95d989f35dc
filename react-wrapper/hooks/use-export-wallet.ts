import { useCallback } from 'react'
import { useTesseraContext } from '../context.js'

export interface UseExportWalletResult {
  /**
   * Opens the 'Export wallet' screen (funding spec, "Screens and routes": "Key export") for the embedded wallet at `address` (default: the
   * first Ethereum one). The key is shown and copied only inside the export frame; this page never receives it.
   */
  exportWallet(options?: { address?: string }): void
}

/** The reference SDK's `useExportWallet`: key export through the modal's export screen. */
export function useExportWallet(): UseExportWalletResult {
  const { openModal } = useTesseraContext()
  const exportWallet = useCallback(
    (options: { address?: string } = {}) =>
      openModal({ intent: 'wallet', screen: 'key:export', ...(typeof options.address === 'string' && { address: options.address }) }),
    [openModal],
  )
  return { exportWallet }
}
