import { useSyncExternalStore } from 'react'
import type { EmbeddedWalletsState, TesseraClient } from '../../core/index.js'

/** The client's embedded-wallet state: one subscription. */
export const useEmbeddedWalletsState = (client: TesseraClient): EmbeddedWalletsState =>
  useSyncExternalStore((onChange) => client.embeddedWallets.watchState(() => onChange()), () => client.embeddedWallets.getState())
