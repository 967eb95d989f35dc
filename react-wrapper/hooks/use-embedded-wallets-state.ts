import { useSyncExternalStore } from 'react'
import type { EmbeddedWalletsState, TesseraClient } from '../../src/core/index.js'

/** The embedded-wallet slice of the client: one subscription, re-renders only when it changes. */
export function useEmbeddedWalletsState(client: TesseraClient): EmbeddedWalletsState {
  return useSyncExternalStore(
    (onChange) => client.embeddedWallets.watchState(() => onChange()),
    () => client.embeddedWallets.getState(),
    () => client.embeddedWallets.getState(),
  )
}
