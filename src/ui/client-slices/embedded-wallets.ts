import type { EmbeddedWalletsState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export function useEmbeddedWalletsState(client: TesseraClient): EmbeddedWalletsState {
  return useSlice(
    (onChange) => client.embeddedWallets.watchState(onChange),
    () => client.embeddedWallets.getState(),
  )
}
