import type { FarcasterFlowState, TesseraClient } from '../../core/index.js'
import { useSlice } from './use-slice.js'

export function useFarcasterFlow(client: TesseraClient): FarcasterFlowState {
  return useSlice((onChange) => client.watchFarcasterFlow(onChange), () => client.getFarcasterFlow())
}
