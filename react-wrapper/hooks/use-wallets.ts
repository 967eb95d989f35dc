import type { ConnectedWallet } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useAuthState, useConnectedWallets } from './use-client-slices.js'

export interface UseWalletsResult {
  /** False while the session is still being restored. */
  ready: boolean
  /**
   * Connected external wallets, newest first. Embedded wallets (issue #5) join this list ahead of them, from their
   * own client slice, without changing its shape.
   */
  wallets: ConnectedWallet[]
}

/** The user's wallets (the reference SDK's `useWallets`); subscribing starts wallet discovery. */
export function useWallets(): UseWalletsResult {
  const client = useTesseraClient()
  const wallets = useConnectedWallets(client)
  const { status } = useAuthState(client)
  return { ready: status !== 'loading', wallets }
}
